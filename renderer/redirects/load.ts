import fs from 'node:fs';
import path from 'node:path';
import type { ProblemList } from '../errors.ts';
import { hasRoute, type RouteTable } from '../routes.ts';
import type { RedirectRule } from '../../theme/shared/redirects.ts';
import { checkRedirects } from './validate.ts';

/** The site's redirects, in Netlify `_redirects` syntax; a site without the file has none. */
export const REDIRECTS_FILE = 'redirects.txt';

/** Reads `content/redirects.txt` and checks it against the route table; problems go to `problems`. */
export function loadRedirects(contentDir: string, table: RouteTable, problems: ProblemList): RedirectRule[] {
  const file = path.join(contentDir, REDIRECTS_FILE);
  if (!fs.existsSync(file)) return [];
  const checked = checkRedirects(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file), (route) =>
    hasRoute(table, route),
  );
  for (const p of checked.problems) problems.add(p);
  return checked.rules;
}
