import fs from 'node:fs';
import path from 'node:path';
import { parseRedirects, redirectFor } from '../theme/shared/redirects.ts';

/**
 * The redirects of a built site, read from the `_redirects` file the build wrote for static hosts
 * (its paths already carry the base URL), so `docs serve` answers as Netlify or Cloudflare would.
 */
export function readRedirectsFile(
  dir: string,
): (pathname: string, search: string) => { status: number; location: string; splat: boolean } | undefined {
  const file = path.join(dir, '_redirects');
  const { rules } = fs.existsSync(file) ? parseRedirects(fs.readFileSync(file, 'utf8')) : { rules: [] };
  return (pathname, search) => {
    const hit = redirectFor(rules, pathname, search);
    return hit && { status: hit.status, location: hit.location, splat: hit.rule.splat };
  };
}
