import fs from 'node:fs';
import path from 'node:path';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import matter from 'gray-matter';
import rehypeSlug from 'rehype-slug';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import remarkHeadingIds from '../../renderer/markdown/remark-heading-ids.ts';
import {
  loadApiReference,
  type ApiReference,
  type GeneratedDoc,
  type ReferenceSettings,
} from '../../content/plugins/typescript-api/index.ts';
import { readExclusions } from '../../content/plugins/typescript-api/settings.ts';

/** The SDK version the site installs and generates the reference from. */
export const SDK_VERSION = '0.18.19';
/** The API version the site documents (docsVersion.shows): the reference leaves out what it lacks. */
export const DOCS_VERSION = '0.18.16';
/** What SDK_VERSION has and DOCS_VERSION lacks (content/site.config.ts the typescript-api plugin's `exclude`). */
export const EXCLUSIONS = readExclusions(path.resolve('content/data/api-absent-in-0.18.16.json'), {
  documented: DOCS_VERSION,
  installed: SDK_VERSION,
});

/** The site's reference settings (the typescript-api plugin in content/site.config.ts), the overview template and exclusion list read. */
export const SETTINGS: ReferenceSettings = {
  package: '@dagger.io/dagger',
  title: 'Dagger TypeScript SDK',
  version: SDK_VERSION,
  overview: fs.readFileSync(path.resolve('content/api-reference/overview.md'), 'utf8'),
  graphqlRoute: '/api/reference',
  exclude: EXCLUSIONS.exclude,
  documents: DOCS_VERSION,
};

let shared: Promise<ApiReference> | undefined;

/** The reference from the project's default cache (generated once if missing). */
export function reference(): Promise<ApiReference> {
  shared ??= loadApiReference(SETTINGS);
  return shared;
}

/** The route the engine serves a doc at: relPath without `.md`, `x/index.md` → `/x`. */
export function routeOf(relPath: string): string {
  return `/${relPath.replace(/\.md$/, '').replace(/\/index$/, '')}`;
}

/** The same Markdown dialect as the engine: CommonMark + GFM + directives, explicit `{#id}` heading ids, then rehype-slug ids. */
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const toHast = unified().use(remarkHeadingIds).use(remarkRehype).use(rehypeSlug);

export interface RenderedDoc {
  doc: GeneratedDoc;
  route: string;
  data: Record<string, unknown>;
  mdast: MdastRoot;
  hast: HastRoot;
  /** Every element id on the page, as the engine's anchor check sees them. */
  ids: Set<string>;
}

export async function render(doc: GeneratedDoc): Promise<RenderedDoc> {
  const parsed = matter(doc.source);
  const mdast = parser.parse(parsed.content) as MdastRoot;
  const hast = (await toHast.run(structuredClone(mdast))) as HastRoot;
  const ids = new Set<string>();
  visit(hast, 'element', (node) => {
    if (typeof node.properties?.id === 'string') ids.add(node.properties.id);
  });
  return { doc, route: routeOf(doc.relPath), data: parsed.data, mdast, hast, ids };
}

/** Plain text of a hast tree, as a reader sees it. */
export function hastText(node: unknown): string {
  const n = node as { type: string; value?: string; children?: unknown[] };
  if (n.type === 'text') return n.value ?? '';
  return (n.children ?? []).map(hastText).join('');
}
