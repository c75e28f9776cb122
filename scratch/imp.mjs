import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
register({ tsconfig: fileURLToPath(new URL('../tsconfig.base.json', import.meta.url)) });
const t0 = performance.now(); const c0 = process.cpuUsage();
await import(process.argv[2]);
const u = process.cpuUsage(c0);
console.log(process.argv[2], (performance.now() - t0).toFixed(0), 'ms wall', ((u.user + u.system) / 1000).toFixed(0), 'ms cpu');
