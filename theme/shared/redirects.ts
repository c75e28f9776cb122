import { trimRoute } from './routes.ts';
/**
 * Redirect rules in Netlify `_redirects` syntax (`from to [status]` per line, `#` comments) and
 * the one matcher that `docs build` (validation, emission), `docs serve` and `docs dev` share.
 * Pure: no Node or DOM APIs.
 */

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 301;

export interface RedirectRule {
  /** The source as written (`/api/`, `/sdk/*`). */
  from: string;
  /** The normalized source path: no trailing slash; for a splat rule, the part before `/*`. */
  path: string;
  /** `from` ends in `/*`: the rule also answers every path below `path`. */
  splat: boolean;
  /** Where to send the reader: a route or path (maybe `#anchor`, maybe `:splat`) or an absolute URL. */
  to: string;
  status: RedirectStatus;
  /** 1-based line in the file the rule was read from. */
  line: number;
}

export interface RedirectSyntaxError {
  line: number;
  message: string;
  hint: string;
}

export function isAbsoluteUrl(to: string): boolean {
  return /^https?:\/\//i.test(to);
}

/** Reads a `_redirects` text; every line it cannot read becomes an error naming the line. */
export function parseRedirects(text: string): { rules: RedirectRule[]; errors: RedirectSyntaxError[] } {
  const rules: RedirectRule[] = [];
  const errors: RedirectSyntaxError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!content) return;
    const [from, to, status, ...rest] = content.split(/\s+/);
    const fail = (message: string, hint: string) => void errors.push({ line, message, hint });
    if (to === undefined)
      return fail(`redirect from ${from} has no target`, 'Write `from to [status]`, e.g. `/old /new 301`.');
    if (rest.length)
      return fail(
        `unexpected "${rest.join(' ')}" after the status`,
        'Write `from to [status]`; conditions and options are not supported.',
      );
    if (!from.startsWith('/'))
      return fail(
        `source "${from}" is not a path`,
        'Sources are paths of this site starting with "/", e.g. `/old-page`.',
      );
    if (/\*./.test(from) || (from.includes('*') && !from.endsWith('/*')))
      return fail(
        `source "${from}" has a "*" that is not a final "/*"`,
        'A splat matches everything below a folder: `/old/*  /new/:splat`.',
      );
    if (/\/:[A-Za-z]/.test(from))
      return fail(
        `source "${from}" has a placeholder`,
        'Placeholders are not supported; use an exact path or a final "/*".',
      );
    if (!to.startsWith('/') && !isAbsoluteUrl(to))
      return fail(
        `target "${to}" is neither a path nor an http(s) URL`,
        'Point at a route of this site (`/new-page`) or at `https://…`.',
      );
    let code: number = DEFAULT_REDIRECT_STATUS;
    if (status !== undefined) {
      code = Number(status);
      if (!/^\d+$/.test(status) || !(REDIRECT_STATUSES as readonly number[]).includes(code)) {
        return fail(
          `status "${status}" is not a redirect status`,
          `Use one of ${REDIRECT_STATUSES.join(', ')} (or leave it out for ${DEFAULT_REDIRECT_STATUS}).`,
        );
      }
    }
    const splat = from.endsWith('/*');
    if (to.includes(':splat') && !splat)
      return fail(
        `target "${to}" uses :splat but the source has no "/*"`,
        'End the source with "/*" or remove ":splat" from the target.',
      );
    rules.push({
      from,
      path: trimRoute(splat ? from.slice(0, -2) : from),
      splat,
      to,
      status: code as RedirectStatus,
      line,
    });
  });
  return { rules, errors };
}

/** True when `path` (normalized) is the rule's source or, for a splat rule, lies below it. */
function matches(rule: RedirectRule, path: string): string | undefined {
  if (!rule.splat) return rule.path === path ? '' : undefined;
  if (path === rule.path) return '';
  const prefix = rule.path === '/' ? '/' : `${rule.path}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
}

/**
 * The rule that answers `pathname`: an exact rule first, whatever the order in the file (so a
 * specific old page is never swallowed by a splat above it), then the first splat rule.
 */
export function findRedirect(
  rules: readonly RedirectRule[],
  pathname: string,
): { rule: RedirectRule; splat: string } | undefined {
  const path = trimRoute(pathname);
  const exact = rules.find((r) => !r.splat && r.path === path);
  if (exact) return { rule: exact, splat: '' };
  for (const rule of rules) {
    const rest = rule.splat ? matches(rule, path) : undefined;
    if (rest !== undefined) return { rule, splat: rest };
  }
  return undefined;
}

/** Adds a request's query (`?a=1`, or '') to a target, before its `#anchor`; a target's own query is kept first. */
export function withQuery(target: string, search: string): string {
  const query = search.replace(/^\?/, '');
  if (!query) return target;
  const hashAt = target.indexOf('#');
  const [head, hash] = hashAt < 0 ? [target, ''] : [target.slice(0, hashAt), target.slice(hashAt)];
  return `${head}${head.includes('?') ? '&' : '?'}${query}${hash}`;
}

/** The target with `:splat` filled in. */
export function targetOf(rule: RedirectRule, splat: string): string {
  return rule.to.replace(/:splat/g, splat);
}

/**
 * The `Location` for a request, or undefined when no rule answers it. `pathname` has the base
 * URL removed; `prefix` (the base URL) is put back in front of targets on this site.
 */
export function redirectFor(
  rules: readonly RedirectRule[],
  pathname: string,
  search: string,
  prefix: (route: string) => string = (r) => r,
): { status: RedirectStatus; location: string; rule: RedirectRule } | undefined {
  const hit = findRedirect(rules, pathname);
  if (!hit) return undefined;
  const target = targetOf(hit.rule, hit.splat);
  return {
    status: hit.rule.status,
    location: withQuery(isAbsoluteUrl(target) ? target : prefix(target), search),
    rule: hit.rule,
  };
}
