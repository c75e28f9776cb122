import type { SiteState } from './load-site.ts';
import { withBase } from '../theme/shared/url.ts';

/** Where a route's Markdown copy is served: '/a/b' → '/a/b.md', '/' → '/index.md'. */
export function markdownPath(route: string): string {
  return route === '/' ? '/index.md' : `${route}.md`;
}

/**
 * llms.txt (per llmstxt.org): the site summary, then every page as a link with its description,
 * grouped by sidebar. Generated reference pages are listed once, as one link to their index.
 */
export function llmsTxt(state: SiteState): string {
  const { site } = state;
  const abs = (route: string) => site.url + withBase(site.baseUrl, markdownPath(route));
  const lines = [`# ${site.title}`, '', `> ${site.tagline}`, '', `Documentation for ${site.productName} ${site.docsVersion.shows}. Every page is also available as Markdown at the links below.`, ''];
  const groups = new Map<string, string[]>();
  for (const p of state.parsed) {
    if (p.doc.frontmatter.unlisted) continue;
    if (p.doc.doc.generated && p.doc.route !== '/reference/typescript') continue;
    const group = p.doc.doc.generated ? 'SDK reference' : (state.sidebars.sidebarOf.get(p.doc.id) ?? 'Other pages');
    const list = groups.get(group) ?? [];
    list.push(`- [${p.doc.frontmatter.title}](${abs(p.doc.route)})${p.doc.frontmatter.description ? `: ${p.doc.frontmatter.description}` : ''}`);
    groups.set(group, list);
  }
  const names: Record<string, string> = { current: 'Introduction', gettingStarted: 'Getting Started', extending: 'Extending', reference: 'Reference', cookbook: 'Cookbook' };
  for (const [group, list] of groups) lines.push(`## ${names[group] ?? group}`, '', ...list, '');
  return lines.join('\n');
}

/** llms-full.txt: every hand-written page as Markdown, one after the other. */
export function llmsFullTxt(state: SiteState, markdownOf: (route: string) => string | undefined): string {
  const parts = [`# ${state.site.title}\n\n> ${state.site.tagline}\n`];
  for (const p of state.parsed) {
    if (p.doc.doc.generated || p.doc.frontmatter.unlisted) continue;
    const md = markdownOf(p.doc.route);
    if (md) parts.push(md);
  }
  return parts.join('\n---\n\n');
}
