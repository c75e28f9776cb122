#!/usr/bin/env node
// Loads the TypeScript CLI through tsx, so site.config.ts and TSX pages need no compile step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../cli/index.ts');
process.exitCode = await run(process.argv);
