import type { Problem } from '../errors.ts';
import {
  findRedirect,
  isAbsoluteUrl,
  parseRedirects,
  targetOf,
  type RedirectRule,
} from '../../theme/shared/redirects.ts';
import { trimRoute } from '../../theme/shared/routes.ts';

/** Where a target leads on this site: its path without `#anchor` or `?query`, normalized. */
function targetPath(to: string): string {
  return trimRoute(to.replace(/[?#].*$/, ''));
}

/**
 * Reads and checks a redirects file against the site's pages. A rule must lead, in one step, to a
 * page of this site or to an http(s) URL; a rule a page shadows, a duplicate, a chain or a loop
 * is an error naming its line. Only rules without problems are returned.
 */
export function checkRedirects(
  text: string,
  file: string,
  isPage: (route: string) => boolean,
): { rules: RedirectRule[]; problems: Problem[] } {
  const parsed = parseRedirects(text);
  const problems: Problem[] = parsed.errors.map((e) => ({ file, line: e.line, message: e.message, hint: e.hint }));
  const bad = new Set<RedirectRule>();
  const add = (rule: RedirectRule, message: string, hint: string) => {
    problems.push({ file, line: rule.line, message, hint });
    bad.add(rule);
  };

  const firstBySource = new Map<string, RedirectRule>();
  const rules: RedirectRule[] = [];
  for (const rule of parsed.rules) {
    const key = `${rule.splat ? 'splat' : 'exact'} ${rule.path}`;
    const first = firstBySource.get(key);
    if (first)
      add(
        rule,
        `duplicate redirect source ${rule.from} (line ${first.line} already redirects it)`,
        `Keep one rule for ${rule.path}; "/a/" and "/a" are the same source.`,
      );
    else {
      firstBySource.set(key, rule);
      rules.push(rule);
    }
  }

  for (const rule of rules) {
    if (!rule.splat && isPage(rule.path)) {
      add(
        rule,
        `redirect from ${rule.from} never applies: ${rule.path} is a page of this site`,
        'A page always wins over a redirect. Remove the rule, or move or delete the page.',
      );
      continue;
    }
    if (isAbsoluteUrl(rule.to)) continue;
    checkLocalTarget(rule, rules, isPage, add);
  }
  return { rules: rules.filter((r) => !bad.has(r)), problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
}

function checkLocalTarget(
  rule: RedirectRule,
  rules: RedirectRule[],
  isPage: (route: string) => boolean,
  add: (rule: RedirectRule, message: string, hint: string) => void,
): void {
  const splatAt = rule.to.indexOf(':splat');
  if (splatAt >= 0) {
    // `/new/:splat`: every old path lands below `/new`, which must be a page itself.
    const prefix = targetPath(rule.to.slice(0, splatAt));
    if (!isPage(prefix))
      add(
        rule,
        `target ${rule.to} is not below a page: ${prefix} is not a route of this site`,
        'Point a splat at a folder that is a page (e.g. `/new/:splat` with a /new page) or at an https:// URL.',
      );
    return;
  }
  const target = targetPath(targetOf(rule, ''));
  const next = isPage(target) ? undefined : findRedirect(rules, target);
  if (next) {
    const { end, loop } = follow(next.rule, rules, new Set([rule]));
    if (loop || next.rule === rule) {
      add(
        rule,
        `redirect loop: ${rule.from} → ${rule.to} leads back to itself (through line ${next.rule.line})`,
        'Point one rule of the loop at a page of this site.',
      );
    } else {
      add(
        rule,
        `redirect chain: target ${rule.to} is itself redirected by line ${next.rule.line} (${next.rule.from} → ${next.rule.to})`,
        `Point this rule at ${end} directly: readers and crawlers should take one step.`,
      );
    }
    return;
  }
  if (!isPage(target))
    add(
      rule,
      `target ${rule.to} is not a page of this site`,
      'Point it at an existing route (see content/docs) or at an https:// URL.',
    );
}

/** Follows rules from `rule` to the first target that is not redirected again. */
function follow(rule: RedirectRule, rules: RedirectRule[], seen: Set<RedirectRule>): { end: string; loop: boolean } {
  let current = rule;
  for (;;) {
    if (seen.has(current)) return { end: current.to, loop: true };
    seen.add(current);
    const to = targetOf(current, '');
    if (isAbsoluteUrl(to)) return { end: to, loop: false };
    const next = findRedirect(rules, targetPath(to));
    if (!next) return { end: to, loop: false };
    current = next.rule;
  }
}
