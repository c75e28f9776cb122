import type { DocRoute } from '../routes.ts';
import type { ResolvedSidebars } from '../sidebars.ts';
import { docPageData } from '../page-data.ts';
import type { SiteData } from '../../theme/shared/types.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import { defaultLvl0, type RecordSite } from './records.ts';

/** What record extraction needs from a loaded site (a subset of SiteState). */
export interface RecordSource {
  /**
   * Docs with the records compile-doc.ts extracted (lvl0 still unset). `records` is read once
   * per doc, in route order: a build hands in a getter that reads them back from disk.
   */
  parsed: { readonly doc: DocRoute; readonly records: SearchRecord[] }[];
  sidebars: ResolvedSidebars;
  site: SiteData;
}

/** Site-wide record fields: production origin, base URL, default language, docs version. */
export function recordSite(site: SiteData): RecordSite {
  return {
    url: site.url.replace(/\/$/, ''),
    baseUrl: site.baseUrl,
    language: site.locales.default,
    version: site.docsVersion.name,
  };
}

/**
 * The docs whose records are searched — every listed doc, generated SDK reference included — in
 * route order, each with its lvl0: the page's top sidebar category, the same trail the JSON-LD
 * breadcrumb uses.
 */
export function recordPages<P extends { readonly doc: DocRoute }>(
  parsed: readonly P[],
  sidebars: ResolvedSidebars,
  site: SiteData,
): { page: P; lvl0: string }[] {
  return parsed
    .filter((p) => !p.doc.frontmatter.unlisted)
    .sort((a, b) => (a.doc.route < b.doc.route ? -1 : a.doc.route > b.doc.route ? 1 : 0))
    .map((page) => ({ page, lvl0: docPageData(page.doc, [], site, sidebars).categories[0]?.label ?? defaultLvl0() }));
}

/** A page's record as searched and published: its lvl0 set. */
export function withLvl0(r: SearchRecord, lvl0: string): SearchRecord {
  return { ...r, hierarchy: { ...r.hierarchy, lvl0 } };
}

/**
 * Records of every searched doc ({@link recordPages}), in route order. A generator: a large
 * site's records never need to be in memory at once.
 */
export function* siteRecords({ parsed, sidebars, site }: RecordSource): Generator<SearchRecord> {
  for (const { page, lvl0 } of recordPages(parsed, sidebars, site))
    for (const r of page.records) yield withLvl0(r, lvl0);
}
