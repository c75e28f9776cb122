import type { HoverCache } from './code-hover-cache.ts';
import { hoverBlockKey, type CodeHover, type CodeHoversModule, type HoverTable } from './markdown/code-hovers.ts';
import type { CodeBlockInfo } from './markdown/code-links.ts';
import { fenceLanguages, resolveLanguage } from './markdown/shiki.ts';

/**
 * The hovers of every code block a build compiles (markdown/code-hovers.ts). Before the compile,
 * a scan finds the blocks and takes what the cache (code-hover-cache.ts) holds; the site's module
 * is then asked once, for all the blocks the cache lacks (one compiler program for the build
 * instead of one per block or per thread), while the compile goes on with the docs that do not
 * wait for it (load-site.ts). A build whose compile cache is empty, in any clone on the machine,
 * pays only for blocks no build has seen with this module key.
 */

const FENCE_OPEN = /^( *)(`{3,}|~{3,})[ \t]*([^\s`]*)[ \t]*(.*)$/;

/**
 * The fenced blocks of `grammars` in one Markdown body, as remark-code will see them (language,
 * meta, text without the fence's indentation), with their line. Read line by line, not parsed:
 * parsing the site's TypeScript pages a second time cost ~2 s of CPU, this ~10 ms. A block it
 * would read otherwise than the Markdown parser (one inside a quote) only misses its hovers: the
 * compile looks them up by the parser's text.
 */
function blocksOf(body: string, grammars: Set<string>): { block: CodeBlockInfo; line: number }[] {
  if (!fenceLanguages(body).some((g) => grammars.has(g))) return [];
  const found: { block: CodeBlockInfo; line: number }[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[4].includes('`'))) continue;
    const [, indent, fence, lang, meta] = open;
    const closing = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end])) end++;
    const grammar = lang ? resolveLanguage(lang) : undefined;
    if (grammar && grammars.has(grammar)) {
      const strip = new RegExp(`^ {0,${indent.length}}`);
      const code = lines
        .slice(i + 1, end)
        .map((l) => l.replace(strip, ''))
        .join('\n');
      found.push({ block: { lang, grammar, meta: meta.trim(), code }, line: i + 1 });
    }
    i = end;
  }
  return found;
}

export interface HoverWarning {
  file: string;
  line: number;
  message: string;
}

/**
 * The hovers of a build's code blocks, some of them still to be computed: the compile goes on
 * meanwhile, and only the docs in `waiting` wait for them.
 */
export interface PendingHovers {
  /** The hovers known so far: every block's once `compute()` has resolved. */
  table: HoverTable;
  /** Docs (relPath) with blocks the cache lacks: compiled once `compute()` has resolved, not before. */
  waiting: ReadonlySet<string>;
  /** Blocks the module is to be asked about (0 when the cache had them all, or when not computing). */
  computed: number;
  fromCache: number;
  /**
   * Asks the module about every missing block in one call, writes the answers to the table and
   * the cache; the first call starts it, later ones return the same promise. Resolves with the
   * warnings of the blocks it could not read, at their file and line.
   */
  compute(): Promise<HoverWarning[]>;
}

/**
 * The hovers of the blocks of `docs` (each a doc's relPath, a file for messages, the body and
 * the body's first line in the file): what `cache` holds now, and the rest from the module `mod`
 * (a plugin's codeHovers hook) when `compute()` is called; with `compute` false the rest get
 * none (`docs dev` after its start).
 */
export function findHovers(
  mod: CodeHoversModule,
  docs: { relPath: string; file: string; body: string; bodyLine: number }[],
  cache: HoverCache | undefined,
  compute = true,
): PendingHovers {
  const grammars = new Set(mod.grammars);
  const table: HoverTable = new Map();
  const missing = new Map<string, { block: CodeBlockInfo; file: string; line: number }>();
  const waiting = new Set<string>();
  let fromCache = 0;
  for (const doc of docs) {
    for (const { block, line } of blocksOf(doc.body, grammars)) {
      const key = hoverBlockKey(block);
      if (table.has(key)) continue;
      if (missing.has(key)) {
        waiting.add(doc.relPath);
        continue;
      }
      const hit = cache?.get(key);
      if (hit) {
        table.set(key, hit);
        fromCache++;
      } else if (compute) {
        missing.set(key, { block, file: doc.file, line: doc.bodyLine + line - 1 });
        waiting.add(doc.relPath);
      }
    }
  }
  let computing: Promise<HoverWarning[]> | undefined;
  const ask = async (): Promise<HoverWarning[]> => {
    if (!missing.size) return [];
    const asked = [...missing.entries()];
    const answer = await mod.hovers(asked.map(([, m]) => m.block));
    const computed = asked.map(([key], i): [string, CodeHover[]] => [key, answer.hovers[i] ?? []]);
    for (const [key, hovers] of computed) table.set(key, hovers);
    cache?.set(computed);
    return (answer.warnings ?? []).flatMap((w) => {
      const at = asked[w.block]?.[1];
      return at ? [{ file: at.file, line: at.line, message: w.message }] : [];
    });
  };
  return { table, waiting, computed: missing.size, fromCache, compute: () => (computing ??= ask()) };
}
