// Worker threads do not inherit the tsx loader: register it, then load the TypeScript worker
// (used only when worker-script.ts cannot write the bundled one).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url)) });
await import('./search-worker.ts');
