#!/usr/bin/env -S node --max-semi-space-size=64
// A larger young generation cuts GC time on big builds (1,000 pages: 17.7 s → 15.6 s).
// Loads the TypeScript CLI through tsx, so site.config.ts and TSX pages need no compile step.
import { register } from 'tsx/esm/api';

// React's server renderer is several times slower in development mode.
process.env.NODE_ENV ??= 'production';

register();
const { run } = await import('../cli/index.ts');
process.exitCode = await run(process.argv);
