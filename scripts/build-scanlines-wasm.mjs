// Assembles renderer/share-cards/scanlines.wat into scanlines-wasm.ts (the module's bytes, base64).
// wabt is not a dependency: the engine ships the bytes, and this runs only after an edit of the
// .wat, as `node scripts/build-scanlines-wasm.mjs` (it fetches wabt with npx when missing).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WABT = 'wabt@1.0.37';
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../renderer/share-cards');
const source = path.join(dir, 'scanlines.wat');
const out = path.join(os.tmpdir(), `scanlines-${process.pid}.wasm`);
execFileSync('npx', ['-y', '-p', WABT, 'wat2wasm', source, '-o', out], { stdio: 'inherit' });
const bytes = fs.readFileSync(out);
fs.rmSync(out);
fs.writeFileSync(
  path.join(dir, 'scanlines-wasm.ts'),
  `// Made by scripts/build-scanlines-wasm.mjs from scanlines.wat (${WABT}): do not edit.\nexport const SCANLINES_WASM = '${bytes.toString('base64')}';\n`,
);
console.log(`scanlines-wasm.ts: ${bytes.length} bytes of WebAssembly`);
