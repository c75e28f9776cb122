import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cspHash, inlineScript } from '../inline-script.ts';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../theme/redirect-page/follow.ts');
let built: { code: string; hash: string } | undefined;

/**
 * theme/redirect-page/follow.ts as one inline script and its CSP hash (`_headers` allows it).
 * It carries no data: every redirect page has the same text, bundled once per process.
 */
export function followScript(): { code: string; hash: string } {
  if (!built) {
    const code = inlineScript(ENTRY, {});
    built = { code, hash: cspHash(code) };
  }
  return built;
}
