import vm from 'node:vm';
import type { Root as HastRoot } from 'hast';
import type { Node, Parent } from 'unist';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { CliData } from './cli-data.ts';
import { report, type DocContext } from './context.ts';
import rehypeHeadings from './rehype-headings.ts';
import remarkCliReference from './remark-cli-reference.ts';
import remarkCode from './remark-code.ts';
import remarkDirectives from './remark-directives.ts';
import remarkLinks from './remark-links.ts';
import { ensureLanguages, fenceLanguages, getHighlighter, GrammarNotLoaded } from './shiki.ts';

/** A page that takes longer than this to turn into hast fails the build instead of hanging it. */
export const PAGE_TIME_LIMIT_MS = 10_000;
/** Deeper nesting (lists, quotes, directives) than this is refused before it can exhaust the stack. */
export const MAX_NESTING = 256;

// The parser is synchronous and some inputs make it superlinear (thousands of unclosed "[" or
// "*["): V8's watchdog, through vm's timeout, interrupts it at the limit.
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

/** The single ordered list of transforms from Markdown to hast. */
export async function createPipeline(options: { cli?: CliData; timeLimitMs?: number }) {
  const highlighter = await getHighlighter();
  const timeLimit = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkCliReference, { cli: options.cli })
    .use(remarkDirectives)
    .use(remarkCode, { highlighter })
    .use(remarkLinks)
    // Raw HTML in Markdown is dropped: pages are written in Markdown and directives only.
    .use(remarkRehype)
    .use(rehypeHeadings)
    .freeze();

  /**
   * Markdown body → hast; the context collects links, ids and the TOC. A page nested too deeply
   * or too slow to parse becomes a problem at the start of its body, never a crash or a hang.
   */
  return async function toHast(body: string, context: DocContext): Promise<HastRoot> {
    await ensureLanguages(highlighter, fenceLanguages(body));
    const problemsBefore = context.problems.items.length;
    for (;;) {
      try {
        return compileOnce(body, context);
      } catch (error) {
        // Code the scan could not see (a directive's expansion): load its grammar and start again
        // from a clean context.
        if (!(error instanceof GrammarNotLoaded)) throw error;
        await ensureLanguages(highlighter, [error.lang]);
        context.problems.items.length = problemsBefore;
        context.links.length = 0;
        context.toc.length = 0;
        context.ids.clear();
        context.files.clear();
      }
    }
  };

  function compileOnce(body: string, context: DocContext): HastRoot {
    const file = new VFile({ value: body, path: context.doc.doc.file, data: { docs: context } });
    const empty: HastRoot = { type: 'root', children: [] };
    const nestingProblem = (node: Node) =>
      report(file, node, `content nested too deeply (more than ${MAX_NESTING} levels of lists, quotes or directives)`, 'Flatten the lists or quotes; no page needs that many levels.');
    try {
      return withTimeLimit(() => {
        const mdast = processor.parse(file);
        const deep = tooDeep(mdast, MAX_NESTING);
        if (deep) {
          nestingProblem(deep);
          return empty;
        }
        return processor.runSync(mdast, file) as HastRoot;
      }, timeLimit);
    } catch (error: any) {
      if (error?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        report(file, bodyStart, `this page took more than ${timeLimit / 1000} s to render and was stopped`, 'Look for lists or quotes nested thousands deep, a very large table, or thousands of unclosed "[", "*" or ":::"; split the page or fix the syntax.');
      } else if (error?.name === 'RangeError' && /call stack/i.test(String(error.message))) {
        nestingProblem(bodyStart);
      } else {
        throw error;
      }
      return empty;
    }
  }
}

export type ToHast = Awaited<ReturnType<typeof createPipeline>>;
