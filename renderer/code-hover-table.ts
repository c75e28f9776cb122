import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hoverBlockKey, type CodeHover, type CodeHoversModule, type HoverTable } from './markdown/code-hovers.ts';
import type { CodeBlockInfo } from './markdown/code-links.ts';
import { fenceLanguages, resolveLanguage } from './markdown/shiki.ts';

/**
 * The hovers of every code block a build compiles (markdown/code-hovers.ts), found before the
 * compile starts so that the site's module is asked once, for all the blocks its cache lacks:
 * one compiler program for the build instead of one per block or per thread. The cache is one
 * file per content folder and module key (its compiler's and libraries' versions), so a build
 * whose compile cache is empty still pays only for blocks changed since any earlier build.
 */

export interface HoverTableResult {
  table: HoverTable;
  /** Blocks the module was asked about (0 when the cache had them all). */
  computed: number;
  fromCache: number;
  warnings: { file: string; line: number; message: string }[];
}

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

function readCache(file: string): Record<string, CodeHover[]> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The hover table for `docs` (each a file for messages, the body and the body's first line in
 * the file), from the cache at `cacheDir` (none: no cache) or, unless `compute` is false, the
 * module `mod` (a plugin's codeHovers hook).
 */
export async function buildHoverTable(
  mod: CodeHoversModule,
  contentDir: string,
  docs: { file: string; body: string; bodyLine: number }[],
  cacheDir: string | undefined,
  compute = true,
): Promise<HoverTableResult> {
  const grammars = new Set(mod.grammars);
  const cacheFile =
    cacheDir &&
    path.join(
      cacheDir,
      `${createHash('sha1')
        .update(`${path.resolve(contentDir)}\0${mod.key()}`)
        .digest('hex')
        .slice(0, 16)}.json`,
    );
  const cached = cacheFile ? readCache(cacheFile) : {};
  const table: HoverTable = new Map();
  const missing = new Map<string, { block: CodeBlockInfo; file: string; line: number }>();
  let fromCache = 0;
  for (const doc of docs) {
    for (const { block, line } of blocksOf(doc.body, grammars)) {
      const key = hoverBlockKey(block);
      if (table.has(key) || missing.has(key)) continue;
      const hit = cached[key];
      if (hit) {
        table.set(key, hit);
        fromCache++;
      } else missing.set(key, { block, file: doc.file, line: doc.bodyLine + line - 1 });
    }
  }
  const warnings: HoverTableResult['warnings'] = [];
  if (missing.size && compute) {
    const asked = [...missing.entries()];
    const answer = await mod.hovers(asked.map(([, m]) => m.block));
    asked.forEach(([key], i) => {
      const hovers = answer.hovers[i] ?? [];
      table.set(key, hovers);
      cached[key] = hovers;
    });
    for (const w of answer.warnings ?? []) {
      const at = asked[w.block]?.[1];
      if (at) warnings.push({ file: at.file, line: at.line, message: w.message });
    }
    if (cacheFile) {
      // Whole and at once: a build stopped half-way leaves the previous file, never a torn one.
      fs.mkdirSync(cacheDir!, { recursive: true });
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(cached));
      fs.renameSync(tmp, cacheFile);
    }
  }
  return { table, computed: compute ? missing.size : 0, fromCache, warnings };
}
