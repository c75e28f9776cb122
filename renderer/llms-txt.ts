import type { SiteBase } from './load-site.ts';
import type { DocRoute } from './routes.ts';
import { markdownPath, withBase } from '../theme/shared/routes.ts';
import { TEXTS } from '../theme/shared/texts/index.ts';
import { navbarLabels } from './sidebars.ts';

/**
 * llms.txt (per llmstxt.org): the site summary, then every page as a link with its description,
 * grouped by sidebar under the label of the navbar item that leads into it. A plugin's generated
 * pages are listed only when it marks them `listed` (an index of many).
 */
export function llmsTxt(state: Pick<SiteBase, 'site' | 'sidebars' | 'table'>): string {
  const { site } = state;
  const abs = (route: string) => site.url + withBase(site.baseUrl, markdownPath(route));
  const lines = [
    `# ${site.title}`,
    '',
    `> ${site.tagline}`,
    '',
    TEXTS.llmsIntro(site.productName, site.docsVersion.shows),
    '',
  ];
  const groups = new Map<string, string[]>();
  const section = sectionOf(state);
  for (const doc of state.table.docs) {
    if (doc.frontmatter.unlisted) continue;
    if (doc.doc.generated && !doc.doc.listed) continue;
    const group = section(doc);
    const list = groups.get(group) ?? [];
    list.push(
      `- [${doc.frontmatter.title}](${abs(doc.route)})${doc.frontmatter.description ? `: ${doc.frontmatter.description}` : ''}`,
    );
    groups.set(group, list);
  }
  for (const [group, list] of groups) lines.push(`## ${group}`, '', ...list, '');
  return lines.join('\n');
}

/**
 * The part of the site a doc belongs to, as readers know it: the label of the navbar item that
 * leads into its sidebar (else the sidebar's name); a plugin's generated pages are in the section it names.
 */
export function sectionOf(state: Pick<SiteBase, 'site' | 'sidebars'>): (doc: DocRoute) => string {
  const names = navbarLabels(state.sidebars, state.site.navbar.items, state.site.baseUrl);
  return (doc) => {
    if (doc.doc.generated) return doc.doc.section ?? TEXTS.otherPages;
    const sidebar = state.sidebars.sidebarOf.get(doc.id);
    return sidebar ? (names.get(sidebar) ?? sidebar) : TEXTS.otherPages;
  };
}

/** llms-full.txt's opening; every hand-written page's Markdown follows, each after a rule (llmsFullPart). */
export function llmsFullHeader(site: Pick<SiteBase['site'], 'title' | 'tagline'>): string {
  return `# ${site.title}\n\n> ${site.tagline}\n`;
}

/** A doc's part of llms-full.txt: hand-written, listed pages only. */
export function llmsFullPart(doc: DocRoute, markdown: string): string | undefined {
  return doc.doc.generated || doc.frontmatter.unlisted ? undefined : `\n---\n\n${markdown}`;
}
