import vm from 'node:vm';
import type { Root as HastRoot } from 'hast';
import type { Node, Parent } from 'unist';
import remarkDirective from './remark-directive.ts';
import remarkGfm from './remark-gfm.ts';
import remarkParse from './remark-parse.ts';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { DirectiveRegistry } from './directives/index.ts';
import type { CodeLinker } from './code-links.ts';
import type { HoverTable } from './code-hovers.ts';
import { report, type DocContext } from './context.ts';
import rehypeHeadings from './rehype-headings.ts';
import rehypeTables from './rehype-tables.ts';
import remarkAlerts from './remark-alerts.ts';
import remarkCode from './remark-code.ts';
import remarkDirectives from './remark-directives.ts';
import remarkHeadingIds from './remark-heading-ids.ts';
import remarkLinks from './remark-links.ts';
import remarkMarkdownCopy from './remark-markdown-copy.ts';
import { DIAGRAM_LANGUAGES, ensureLanguages, fenceLanguages, getHighlighter, GrammarNotLoaded } from './shiki.ts';
import { hasDiagramFence, loadDiagramRenderer } from './mermaid.ts';
import { checkLimits, MAX_NESTING, NESTING_HINT } from './limits.ts';

/**
 * A page that takes longer than this to turn into hast fails the build instead of hanging it.
 * Wall time (V8's watchdog knows no other), so it is set far above real pages: the real site's
 * slowest (api/reference.md) compiles in 1.2 s warm, and a 2-core machine shared with other
 * work can stretch that several times. Input that would take this long is mostly refused
 * before parsing by the limits in limits.ts. DOCS_PAGE_TIME_LIMIT_S sets it (seconds).
 */
export const PAGE_TIME_LIMIT_MS = Number(process.env.DOCS_PAGE_TIME_LIMIT_S) * 1000 || 30_000;
export { MAX_NESTING, NESTING_HINT } from './limits.ts';

// The parser is synchronous and some inputs make it superlinear (thousands of unclosed "[" or
// "*["): V8's watchdog, through vm's timeout, interrupts it at the limit. Starting a watchdog
// costs ~0.3–0.7 ms (a thread and an event loop), so builds guard a run of docs at once
// (runTimeLimited).
const guard = new vm.Script('run()');
const guardGlobals: { run?: () => unknown } = {};
const guardContext = vm.createContext(guardGlobals);
function withTimeLimit<T>(fn: () => T, ms: number): T {
  guardGlobals.run = fn;
  try {
    return guard.runInContext(guardContext, { timeout: ms }) as T;
  } finally {
    guardGlobals.run = undefined;
  }
}

const isTimeout = (error: any) => error?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

/** How long one watchdog covers a run of docs before the next starts. */
const RUN_MS = 500;

/**
 * Calls `work(i)` for every i < count, synchronously, under watchdogs: each doc gets at least
 * `limitMs` (a watchdog lasts limitMs + RUN_MS, and a run starts no doc after RUN_MS). When one
 * fires, `timedOut(i)` is told which doc it stopped, and the others go on.
 */
export function runTimeLimited(
  count: number,
  work: (i: number) => void,
  timedOut: (i: number) => void,
  limitMs: number,
): void {
  let i = 0;
  while (i < count) {
    try {
      withTimeLimit(() => {
        const started = performance.now();
        // `i` moves on only once work(i) has returned: a watchdog firing inside it names doc i.
        do {
          work(i);
          i++;
        } while (i < count && performance.now() - started < RUN_MS);
      }, limitMs + RUN_MS);
    } catch (error) {
      if (!isTimeout(error)) throw error;
      timedOut(i++);
    }
  }
}

/** Reports a doc stopped by the watchdog, at the start of its body. */
export function reportTimeLimit(context: DocContext, limitMs: number): void {
  const file = new VFile({ path: context.doc.doc.file, data: { docs: context } });
  report(
    file,
    bodyStart,
    `this page took more than ${limitMs / 1000} s to render and was stopped`,
    'Look for lists or quotes nested thousands deep, a very large table, or thousands of unclosed "[", "*" or ":::"; split the page or fix the syntax.',
  );
}

/** The first node nested deeper than `max`, found without recursion. */
function tooDeep(tree: Node, max: number): Node | undefined {
  const stack: [Node, number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return node;
    for (const child of (node as Parent).children ?? []) stack.push([child, depth + 1]);
  }
  return undefined;
}

const bodyStart = { position: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } } } as Node;

export interface MarkdownOptions {
  timeLimitMs?: number;
  directives?: DirectiveRegistry;
  linker?: CodeLinker;
  /** What names in code samples are, by block (code-hovers.ts), computed before the compile. */
  hovers?: HoverTable;
  /** The site's plugins' steps (renderer/plugins/types.ts): remark ones before remark-rehype, rehype ones last. */
  remark?: PluggableList;
  rehype?: PluggableList;
}

/**
 * The single ordered list of transforms from Markdown to hast, in two parts: `prepare` loads
 * the grammars some bodies need (async), `toHastSync` turns one body into hast (no time limit
 * of its own; it throws GrammarNotLoaded for code the scan could not foresee).
 */
export async function createMarkdownCompiler(options: MarkdownOptions) {
  const highlighter = await getHighlighter();
  const timeLimit = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkAlerts, { directives: options.directives })
    // The `.md` copy, from this parse: directives and code are still as written here.
    .use(remarkMarkdownCopy, { directives: options.directives })
    .use(remarkDirectives, { directives: options.directives })
    .use(remarkCode, { highlighter, linker: options.linker, hovers: options.hovers })
    .use(remarkLinks)
    .use(remarkHeadingIds)
    .use(options.remark ?? [])
    // Raw HTML in Markdown is dropped: pages are written in Markdown and directives only.
    .use(remarkRehype)
    .use(rehypeHeadings)
    .use(rehypeTables)
    .use(options.rehype ?? [])
    .freeze();

  const isDiagram = (lang: string) => (DIAGRAM_LANGUAGES as readonly string[]).includes(lang);
  return {
    timeLimit,
    prepare: async (bodies: string[]) => {
      await ensureLanguages(highlighter, bodies.flatMap(fenceLanguages));
      if (bodies.some(hasDiagramFence)) await loadDiagramRenderer();
    },
    load: async (langs: string[]) => {
      await ensureLanguages(
        highlighter,
        langs.filter((l) => !isDiagram(l)),
      );
      if (langs.some(isDiagram)) await loadDiagramRenderer();
    },
    /** Markdown body → hast; the context collects links, ids and the TOC. Too deep nesting is a problem, not a crash. */
    toHastSync(body: string, context: DocContext): HastRoot {
      const file = new VFile({ value: body, path: context.doc.doc.file, data: { docs: context } });
      const empty: HastRoot = { type: 'root', children: [] };
      const nestingProblem = (node: Node) =>
        report(
          file,
          node,
          `content nested too deeply (more than ${MAX_NESTING} levels of lists, quotes or directives)`,
          NESTING_HINT,
        );
      const over = checkLimits(body);
      if (over) {
        report(
          file,
          { position: { start: { line: over.line, column: 1 }, end: { line: over.line, column: 1 } } } as Node,
          over.message,
          over.hint,
        );
        return empty;
      }
      try {
        const mdast = processor.parse(file);
        const deep = tooDeep(mdast, MAX_NESTING);
        if (deep) {
          nestingProblem(deep);
          return empty;
        }
        return processor.runSync(mdast, file) as HastRoot;
      } catch (error: any) {
        if (error?.name === 'RangeError' && /call stack/i.test(String(error.message))) {
          nestingProblem(bodyStart);
          return empty;
        }
        throw error;
      }
    },
  };
}

export type MarkdownCompiler = Awaited<ReturnType<typeof createMarkdownCompiler>>;

/** Forgets what a compile that must start again had collected. */
export function resetContext(context: DocContext, problemsBefore: number): void {
  context.problems.items.length = problemsBefore;
  context.links.length = 0;
  context.toc.length = 0;
  context.ids.clear();
  context.files.clear();
  context.markdown = undefined;
}

/**
 * One body at a time, each under its own time limit: a page too slow to parse becomes a
 * problem at the start of its body, never a hang. (Builds use runTimeLimited over many docs.)
 */
export async function createPipeline(options: MarkdownOptions) {
  return guardedToHast(await createMarkdownCompiler(options));
}

/** `markdown.toHastSync` with grammars loaded first and its own time limit. */
export function guardedToHast(markdown: MarkdownCompiler) {
  return async function toHast(body: string, context: DocContext): Promise<HastRoot> {
    await markdown.prepare([body]);
    const problemsBefore = context.problems.items.length;
    for (;;) {
      try {
        return withTimeLimit(() => markdown.toHastSync(body, context), markdown.timeLimit);
      } catch (error) {
        if (isTimeout(error)) {
          resetContext(context, problemsBefore);
          reportTimeLimit(context, markdown.timeLimit);
          return { type: 'root', children: [] };
        }
        // Code the scan could not see (a directive's expansion): load its grammar and start again.
        if (!(error instanceof GrammarNotLoaded)) throw error;
        await markdown.load([error.lang]);
        resetContext(context, problemsBefore);
      }
    }
  };
}

export type ToHast = ReturnType<typeof guardedToHast>;
