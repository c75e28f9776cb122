import { describe, expect, it } from 'vitest';
import { readSite } from '../../renderer/load-site.ts';
import { docPageData } from '../../renderer/page-data.ts';
import type { TocEntry } from '../../theme/shared/types.ts';
import { ROOT } from '../helpers/site.ts';

const toc: TocEntry[] = [
  { depth: 2, id: 'a', text: 'A' },
  { depth: 3, id: 'a1', text: 'A.1' },
  { depth: 2, id: 'b', text: 'B' },
];

// The pages where docs.dagger.io (0.18.x) lists only h2 sections, or shows no previous/next
// links, in their frontmatter (toc_max_heading_level: 2; pagination_prev/next: null).
const H2_ONLY = [
  'cookbook',
  'extending/enumerations',
  'getting-started/types',
  ...['caching', 'llm', 'observability', 'programmability', 'reusability', 'sandbox', 'secrets', 'shell'].map(
    (p) => `features/${p}`,
  ),
];
const NO_PAGINATION = ['faq', 'reference/best-practices/contributing'];

describe('frontmatter page options', async () => {
  const base = await readSite({ root: ROOT, env: {} });
  const page = (id: string) => {
    const doc = base.table.byId.get(id);
    if (!doc) throw new Error(`no doc ${id}`);
    return docPageData(doc, toc, base.site, base.sidebars);
  };

  it('toc_max_heading_level: 2 keeps only the h2 entries; the default keeps h3 too', () => {
    for (const id of H2_ONLY)
      expect(
        page(id).toc.map((e) => e.id),
        id,
      ).toEqual(['a', 'b']);
    expect(page('getting-started/installation').toc.map((e) => e.id)).toEqual(['a', 'a1', 'b']);
    const limited = base.table.docs.filter((d) => d.frontmatter.toc_max_heading_level === 2).map((d) => d.id);
    expect(limited.sort()).toEqual([...H2_ONLY].sort());
  });

  it('pagination_prev/next: null hide the links; other pages keep their sidebar neighbours', () => {
    for (const id of NO_PAGINATION) {
      expect(page(id).prev, id).toBeUndefined();
      expect(page(id).next, id).toBeUndefined();
    }
    const install = page('getting-started/installation');
    expect(install.prev ?? install.next).toBeDefined();
  });
});
