import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

/**
 * The compiler options every side shares: tsconfig.json covers only the build side's folders, and
 * tsx applies a tsconfig to the files it includes. Looked for upwards, since this module also runs
 * bundled into the compile worker's script (node_modules/.cache/docs-build/).
 */
function sharedTsconfig(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'tsconfig.base.json');
    if (fs.existsSync(file) || path.dirname(dir) === dir) return file;
  }
}
const TSCONFIG = sharedTsconfig();

/**
 * Imports a TypeScript/TSX module from content/ fresh on every call (dev mode edits them), with
 * tsx, so the same code works from the CLI and under the test runner.
 */
export async function importFresh(file: string, parent: string = import.meta.url): Promise<Record<string, any>> {
  const mod = await tsImport(file, {
    parentURL: parent,
    tsconfig: TSCONFIG,
    namespace: `fresh-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  } as any);
  // Outside a "type": "module" package the file loads as CommonJS: its exports sit under default.
  const inner = mod.default;
  if (inner && typeof inner === 'object' && inner.__esModule) return inner;
  return mod;
}
