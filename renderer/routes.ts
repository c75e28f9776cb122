import { createRequire } from 'node:module';
import { FrontmatterSchema, type Frontmatter } from './config/frontmatter.ts';
import { zodProblems } from './config/friendly-errors.ts';
import type { ProblemList } from './errors.ts';
import type { SourceDoc } from './content.ts';
import { routeFromSourcePath } from '../theme/shared/routes.ts';
import type { FrontmatterMemo, ParsedFrontmatter } from './frontmatter-memo.ts';
import type { FrontmatterStore } from './frontmatter-store.ts';

// Loaded on first use: a rebuild whose docs' frontmatter is all in the store never needs it.
let matter: typeof import('gray-matter') | undefined;
const requireCjs = createRequire(import.meta.url);

/** A doc page with its identity resolved: id, route and validated frontmatter. */
export interface DocRoute {
  id: string;
  route: string;
  doc: SourceDoc;
  frontmatter: Frontmatter;
  /** Markdown body without frontmatter. */
  body: string;
  /** Line of the body's first line in the source file (frontmatter shifts it). */
  bodyLine: number;
}

/** Every route of the site, computed once per run and passed to every step. */
export interface RouteTable {
  docs: DocRoute[];
  byId: Map<string, DocRoute>;
  byRoute: Map<string, DocRoute>;
  byRelPath: Map<string, DocRoute>;
  /** Routes served by custom React pages (`/`, `/search`). */
  pageRoutes: Set<string>;
}

/** `a/b/index.md` → `a/b`; `a/b.md` → `a/b`; `index.md` → `index`. */
export function docIdFromPath(relPath: string, frontmatterId?: string): string {
  let id = relPath.replace(/\.md$/, '');
  if (id.endsWith('/index')) id = id.slice(0, -'/index'.length);
  if (frontmatterId) id = id.includes('/') ? `${id.slice(0, id.lastIndexOf('/'))}/${frontmatterId}` : frontmatterId;
  return id;
}

function frontmatterOf(doc: SourceDoc, problems: ProblemList, memo?: FrontmatterMemo): ParsedFrontmatter | null {
  try {
    return memo ? memo.lookup(doc.source, () => parseFrontmatter(doc.source)) : parseFrontmatter(doc.source);
  } catch (error: any) {
    const line = typeof error?.mark?.line === 'number' ? error.mark.line + 2 : 1;
    problems.add({
      file: doc.file,
      line,
      column: typeof error?.mark?.column === 'number' ? error.mark.column + 1 : undefined,
      message: `invalid frontmatter: ${String(error?.reason ?? error?.message ?? error).split('\n')[0]}`,
      hint: 'Frontmatter is YAML between two "---" lines at the top of the file.',
    });
    return null;
  }
}

function parseFrontmatter(source: string): ParsedFrontmatter {
  // Options, even empty, turn off gray-matter's cache: it keeps every source ever parsed (a leak
  // in `docs dev`), and a cached source whose YAML failed comes back as `{}` with no error.
  matter ??= requireCjs('gray-matter') as typeof import('gray-matter');
  const parsed = matter(source, {});
  const fmLines = source.slice(0, source.length - parsed.content.length).split('\n').length - 1;
  return { data: parsed.data, body: parsed.content, bodyLine: fmLines + 1 };
}

/** A route table over docs already resolved (a worker gets them from the thread that read them). */
export function routeTableOf(docs: DocRoute[], pageRoutes: Iterable<string>): RouteTable {
  return {
    docs,
    byId: new Map(docs.map((d) => [d.id, d])),
    byRoute: new Map(docs.map((d) => [d.route, d])),
    byRelPath: new Map(docs.map((d) => [d.doc.relPath, d])),
    pageRoutes: new Set(pageRoutes),
  };
}

/** A doc's validated frontmatter and body, from `store` or parsed; null after reporting its problems. */
function validFrontmatterOf(
  doc: SourceDoc,
  problems: ProblemList,
  memo?: FrontmatterMemo,
  store?: FrontmatterStore,
): { frontmatter: Frontmatter; body: string; bodyLine: number } | null {
  const known = store?.get(doc.source);
  if (known) return known;
  const fm = frontmatterOf(doc, problems, memo);
  if (!fm) return null;
  const result = FrontmatterSchema.safeParse(fm.data);
  if (!result.success) {
    // Each problem at its key's line in the frontmatter, else at the frontmatter's first line.
    const lines = doc.source.split('\n', fm.bodyLine);
    const lineOf = (key: string | number | undefined) => {
      const i = key === undefined ? -1 : lines.findIndex((l) => l.startsWith(`${key}:`));
      return i >= 0 ? i + 1 : 2;
    };
    for (const p of zodProblems(result.error, doc.file, lineOf)) problems.add(p);
    return null;
  }
  store?.set(doc.source, result.data, fm.body, fm.bodyLine);
  return { frontmatter: result.data, body: fm.body, bodyLine: fm.bodyLine };
}

/**
 * Builds the route table; duplicate routes and ids and bad frontmatter become problems. `memo`
 * carries parsed frontmatter from one load of the same site to the next (`docs dev`); `store`
 * keeps validated frontmatter between builds (renderer/frontmatter-store.ts).
 */
export function resolveRoutes(
  docs: SourceDoc[],
  pageRoutes: Iterable<string>,
  problems: ProblemList,
  memo?: FrontmatterMemo,
  store?: FrontmatterStore,
): RouteTable {
  const table = routeTableOf([], pageRoutes);
  memo?.startRun();
  for (const doc of docs) {
    const fm = validFrontmatterOf(doc, problems, memo, store);
    if (!fm) continue;
    const frontmatter = fm.frontmatter;
    const route = frontmatter.slug ?? routeFromSourcePath(doc.relPath);
    const entry: DocRoute = {
      id: docIdFromPath(doc.relPath, frontmatter.id),
      route,
      doc,
      frontmatter,
      body: fm.body,
      bodyLine: fm.bodyLine,
    };
    const clash = table.byRoute.get(route) ?? (table.pageRoutes.has(route) ? 'a custom page' : undefined);
    if (clash) {
      const other = typeof clash === 'string' ? clash : clash.doc.file;
      problems.add({
        file: doc.file,
        line: 1,
        message: `duplicate route ${route} (also served by ${other})`,
        hint: 'Rename one of the files or change its slug.',
      });
      continue;
    }
    if (table.byId.has(entry.id)) {
      problems.add({
        file: doc.file,
        line: 1,
        message: `duplicate doc id "${entry.id}" (also ${table.byId.get(entry.id)!.doc.file})`,
        hint: 'Change the frontmatter id.',
      });
      continue;
    }
    table.docs.push(entry);
    table.byId.set(entry.id, entry);
    table.byRoute.set(route, entry);
    table.byRelPath.set(doc.relPath, entry);
  }
  return table;
}

/** True when `route` is served by a doc or a custom page. */
export function hasRoute(table: RouteTable, route: string): boolean {
  return table.byRoute.has(route) || table.pageRoutes.has(route);
}
