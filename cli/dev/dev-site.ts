import path from 'node:path';
import type { CompileCache } from '../../renderer/compile-cache.ts';
import type { CompiledDoc } from '../../renderer/compile-doc.ts';
import { readDocs, type SourceDoc } from '../../renderer/content.ts';
import { contentVariables, fillVariables } from '../../renderer/content-variables.ts';
import { BuildError, ProblemList, type Problem } from '../../renderer/errors.ts';
import { checkDocLinks } from '../../renderer/links.ts';
import {
  compileDocs,
  PARALLEL_THRESHOLD,
  routeSite,
  type ParsedDoc,
  type SiteBase,
  type SiteState,
} from '../../renderer/load-site.ts';
import { phaseTimer } from '../../renderer/phases.ts';
import { resolveRoutes, routeTableOf, type DocRoute } from '../../renderer/routes.ts';
import type { SiteMemory } from '../../renderer/site-memory.ts';
import { changeKind, isEditorScratch, readIfThere, stampOf } from './content-changes.ts';
import { keepCompiled, type Held } from './keep-compiled.ts';
import { LinkIndex } from './link-index.ts';
import { readSiteCode, type SiteCode } from './site-code.ts';

type Routed = Pick<SiteBase, 'table' | 'sidebars' | 'redirects'>;

/** A hand-written doc as read: its text, the doc with placeholders filled, and the problems filling them. */
interface Source {
  text: string;
  doc: SourceDoc;
  problems: Problem[];
}

/** What one look at the content folder did. */
export interface SiteUpdate {
  /** `docs`: only docs' contents changed; `routes`: the routes and sidebars were made again; `code`: the site was read again; `none`: nothing differs from the last look. */
  kind: 'none' | 'docs' | 'routes' | 'code';
  /** What surrounds the swapped region (navbar, footer, custom pages) may differ: open pages must reload. */
  shellChanged: boolean;
  /** The docs compiled (relPaths); the others were kept. */
  compiled: string[];
  /** How many docs' links were checked. */
  linksChecked: number;
  /** Every problem of the site after this look, if any. */
  error?: BuildError;
}

/**
 * What other pages show of a doc: its id and route (sidebars, links) and its sidebar label
 * (sidebars, previous/next). The rest of its frontmatter is its page's own.
 */
const seenFromOtherPages = (d: DocRoute) =>
  JSON.stringify([d.id, d.route, d.frontmatter.sidebar_label ?? d.frontmatter.title]);

const toPosix = (p: string) => p.split(path.sep).join('/');

/**
 * The site as `docs dev` last read it, kept between saves with everything needed to update it
 * in part, problems included (the pages go on showing the last site without any):
 * - a save of docs whose frontmatter keeps their id, route and sidebar label compiles those
 *   docs only, and checks their links and the links into them (LinkIndex) when their ids changed;
 * - a doc added, removed or renamed, a frontmatter change other pages see, or a file under
 *   docs/ or static/: every doc is read again, routes and sidebars are made again, and every
 *   doc the change cannot affect keeps its compiled output (keep-compiled.ts);
 * - any other file (site.config.ts, sidebars.ts, pages, data): the site's code is read again too.
 * Nothing here is shared between runs: the session owns it.
 */
export class DevSite {
  private code: SiteCode | undefined;
  private sources = new Map<string, Source>();
  private routed: Routed | undefined;
  private routeProblems: Problem[] = [];
  private held = new Map<string, Held>();
  private parsed = new Map<string, ParsedDoc>();
  private linkProblems = new Map<string, Problem[]>();
  private readonly links = new LinkIndex();
  /** A code or static file's stamp when last read: an event for it as it was changes nothing. */
  private readonly stamps = new Map<string, string>();
  /** After a look that failed half-way, the next reads everything. */
  private stale = true;
  private compiles = 0;
  private current: SiteState | undefined;

  constructor(
    private readonly opts: {
      root: string;
      contentDir: string;
      cache?: CompileCache;
      memory: SiteMemory;
      log?: (line: string) => void;
    },
  ) {}

  /** The site after the last look, when it had no problems. */
  get state(): SiteState | undefined {
    return this.current;
  }

  /** Looks at `paths` (absolute; all of the site when undefined) and updates what they affect. */
  async update(paths?: string[]): Promise<SiteUpdate> {
    try {
      const update = await this.apply(paths);
      this.stale = false;
      return update;
    } catch (error) {
      this.stale = true;
      throw error;
    }
  }

  private async apply(paths: string[] | undefined): Promise<SiteUpdate> {
    const { contentDir } = this.opts;
    if (this.stale || !paths || !this.code || !this.routed) return this.read('code', paths ?? [], true);
    const relevant = paths.filter((p) => !isEditorScratch(p));
    // Stamped before anything is read: a write while this look runs changes the stamp again.
    const moved = relevant.filter((p) => changeKind(contentDir, p) !== 'doc' && this.stamp(p));
    if (moved.some((p) => changeKind(contentDir, p) === 'code')) return this.read('code', moved, false);
    if (moved.length) return this.read('routes', moved, false);

    const docsDir = path.join(contentDir, 'docs');
    const changed = new Map<string, { source: Source; route: DocRoute }>();
    const variables = contentVariables(this.code.site);
    for (const file of new Set(relevant.filter((p) => changeKind(contentDir, p) === 'doc'))) {
      const relPath = toPosix(path.relative(docsDir, file));
      const before = this.sources.get(relPath);
      const text = readIfThere(file);
      if (text === before?.text) continue;
      if (text === undefined || !before) return this.read('routes', [file], false); // added or removed
      const problems = new ProblemList();
      const doc = fillVariables({ ...before.doc, source: text }, variables, problems);
      const previous = this.routed.table.byRelPath.get(relPath);
      const parse = new ProblemList();
      const route = resolveRoutes([doc], [], parse).docs[0];
      if (!previous || !route || parse.items.length || seenFromOtherPages(route) !== seenFromOtherPages(previous))
        return this.read('routes', [file], false);
      changed.set(relPath, { source: { text, doc, problems: problems.items }, route });
    }
    if (changed.size === 0)
      return { kind: 'none', shellChanged: false, compiled: [], linksChecked: 0, error: this.problems() };
    // Many docs at once (a branch switch) compile faster on two threads, as a load does.
    if (changed.size >= PARALLEL_THRESHOLD) return this.read('routes', [], false);
    return this.updateDocs(changed);
  }

  /** Docs whose contents changed but not what other pages see of them. */
  private async updateDocs(changed: Map<string, { source: Source; route: DocRoute }>): Promise<SiteUpdate> {
    const code = this.code!;
    const before = this.routed!.table;
    const table = routeTableOf(
      before.docs.map((d) => changed.get(d.doc.relPath)?.route ?? d),
      before.pageRoutes,
    );
    const routed = { ...this.routed!, table };
    const { parsed, held, compiled } = await this.compile(code, routed, (doc) =>
      changed.has(doc.doc.relPath) ? undefined : this.held.get(doc.doc.relPath)?.compiled,
    );
    // The changed docs' links, and the links into those whose ids changed (their anchors).
    const recheck = new Set(changed.keys());
    for (const relPath of changed.keys()) {
      const ids = parsed.get(relPath)!.context.ids;
      const old = this.parsed.get(relPath)?.context.ids;
      if (!old || old.size !== ids.size || [...ids].some((id) => !old.has(id)))
        for (const from of this.links.linkingTo(table.byRelPath.get(relPath)!.route)) recheck.add(from);
    }
    const phase = phaseTimer(this.opts.log ?? (() => {}));
    const linkProblems = new Map(this.linkProblems);
    for (const relPath of recheck) {
      const doc = parsed.get(relPath);
      if (doc) linkProblems.set(relPath, this.checkLinks(doc, table, parsed));
    }
    phase(`checked the links of ${recheck.size} doc${recheck.size === 1 ? '' : 's'}`);
    for (const [relPath, { source }] of changed) {
      this.sources.set(relPath, source);
      this.links.set(relPath, parsed.get(relPath)!.context.links);
    }
    this.commit({ routed, parsed, held, linkProblems });
    return { kind: 'docs', shellChanged: false, compiled, linksChecked: recheck.size, error: this.problems() };
  }

  /** Records the file's stamp; true when it differs from the one recorded before. */
  private stamp(file: string): boolean {
    const stamp = stampOf(file);
    const moved = this.stamps.get(file) !== stamp;
    this.stamps.set(file, stamp);
    return moved;
  }

  /**
   * Every doc read again, routes and sidebars made again (and the site's code read again for
   * `code`); a doc keeps its compiled output unless the change (`paths`) can affect it.
   */
  private async read(kind: 'code' | 'routes', paths: string[], everything: boolean): Promise<SiteUpdate> {
    const phase = phaseTimer(this.opts.log ?? (() => {}));
    const { contentDir, memory } = this.opts;
    if (everything) for (const p of paths) this.stamp(p);
    const previous = this.code;
    const code = kind === 'code' || !previous ? await readSiteCode(this.opts, previous) : previous;
    phase(code === previous ? 'kept the configuration' : 'read the configuration');

    const variables = contentVariables(code.site);
    const sources = new Map<string, Source>();
    for (const doc of readDocs(path.join(contentDir, 'docs'))) {
      const problems = new ProblemList();
      sources.set(doc.relPath, {
        text: doc.source,
        doc: fillVariables(doc, variables, problems),
        problems: problems.items,
      });
    }
    const routeProblems = new ProblemList();
    const routed = routeSite(
      code,
      [...[...sources.values()].map((s) => s.doc), ...code.generatedDocs],
      routeProblems,
      memory.frontmatter,
    );
    phase(`read ${sources.size} docs, made routes and sidebars`);

    const files = paths.filter((p) => changeKind(contentDir, p) === 'file');
    const { parsed, held, compiled } = await this.compile(
      code,
      routed,
      keepCompiled(this.held, code.compileKey, this.routed?.table, routed.table, files),
    );
    const checked = phaseTimer(this.opts.log ?? (() => {}));
    const linkProblems = new Map<string, Problem[]>();
    this.links.clear();
    for (const doc of parsed.values()) {
      linkProblems.set(doc.doc.doc.relPath, this.checkLinks(doc, routed.table, parsed));
      this.links.set(doc.doc.doc.relPath, doc.context.links);
    }
    checked(`checked the links of ${parsed.size} docs`);

    // The shell shows the site data and the custom pages (imported again when any code file changed but these two).
    // (Data files a plugin reads re-import the code too, but change no page component.)
    const pagesChanged =
      code.pages !== previous?.pages &&
      paths.some(
        (p) =>
          changeKind(contentDir, p) === 'code' &&
          /\.(ts|tsx|mts|cts|js|mjs|jsx|json)$/.test(p) &&
          !['site.config.ts', 'sidebars.ts'].includes(path.relative(contentDir, p)),
      );
    const shellChanged =
      everything ||
      (code !== previous && (JSON.stringify(code.site) !== JSON.stringify(previous?.site) || pagesChanged));
    this.code = code;
    this.sources = sources;
    this.routeProblems = routeProblems.items;
    this.commit({ routed, parsed, held, linkProblems });
    return { kind, shellChanged, compiled, linksChecked: parsed.size, error: this.problems() };
  }

  /** Every doc of `routed`, kept by `reuse` or from the cache or compiled. */
  private async compile(code: SiteCode, routed: Routed, reuse: (doc: DocRoute) => CompiledDoc | undefined) {
    const held = new Map<string, Held>();
    const compiled: string[] = [];
    const base: SiteBase = { ...code, ...routed, problems: new ProblemList() };
    const first = this.compiles++ === 0;
    // Code hovers are computed at start only: a compiler run would turn a save's ~0.1 s into seconds.
    const summaries = await compileDocs(
      base,
      { cache: this.opts.cache, saveCache: first, computeHovers: first, log: this.opts.log, reuse },
      (doc, c, from) => {
        held.set(doc.doc.relPath, {
          source: doc.doc.source,
          route: doc.route,
          compileKey: code.compileKey,
          compiled: c,
        });
        if (from === 'compiler') compiled.push(doc.doc.relPath);
      },
    );
    const parsed = new Map<string, ParsedDoc>();
    for (const s of summaries) {
      const c = held.get(s.doc.doc.relPath)!.compiled;
      parsed.set(s.doc.doc.relPath, { ...s, html: c.html, records: c.records, markdown: c.markdown });
    }
    const order = new Map(routed.table.docs.map((d, i) => [d.doc.relPath, i]));
    compiled.sort((a, b) => order.get(a)! - order.get(b)!);
    return { parsed, held, compiled };
  }

  private checkLinks(doc: ParsedDoc, table: Routed['table'], parsed: Map<string, ParsedDoc>): Problem[] {
    const problems = new ProblemList();
    checkDocLinks(
      doc.context,
      table,
      (route) => {
        const target = table.byRoute.get(route);
        return target && parsed.get(target.doc.relPath)?.context.ids;
      },
      problems,
    );
    return problems.items;
  }

  private commit(next: {
    routed: Routed;
    parsed: Map<string, ParsedDoc>;
    held: Map<string, Held>;
    linkProblems: Map<string, Problem[]>;
  }): void {
    this.routed = next.routed;
    this.parsed = next.parsed;
    this.held = next.held;
    this.linkProblems = next.linkProblems;
    if (this.problems()) return;
    const code = this.code!;
    const parsed = next.routed.table.docs.map((d) => next.parsed.get(d.doc.relPath)!);
    this.current = {
      contentDir: code.contentDir,
      config: code.config,
      site: code.site,
      pages: code.pages,
      plugins: code.plugins,
      editUrlOf: code.editUrlOf,
      lastUpdatedOf: code.lastUpdatedOf,
      ...next.routed,
      parsed,
      parsedByRoute: new Map(parsed.map((p) => [p.doc.route, p])),
    };
  }

  /** Every problem of the site as it is now, in the order a load reports them. */
  private problems(): BuildError | undefined {
    const docs = this.routed?.table.docs ?? [];
    const all = [
      ...(this.code?.problems ?? []),
      ...[...this.sources.values()].flatMap((s) => s.problems),
      ...this.routeProblems,
      ...docs.flatMap((d) => this.held.get(d.doc.relPath)?.compiled.problems ?? []),
      ...docs.flatMap((d) => this.linkProblems.get(d.doc.relPath) ?? []),
    ];
    return all.length ? new BuildError(all) : undefined;
  }
}
