import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Code, Root } from 'mdast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { hoverBlockKey, loadCodeHovers, type CodeHover, type HoverTable } from './markdown/code-hovers.ts';
import type { CodeBlockInfo } from './markdown/code-links.ts';
import { fenceLanguages, resolveLanguage } from './markdown/shiki.ts';
import { walk } from './markdown/walk.ts';

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

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** The blocks of `grammars` in one Markdown body, as remark-code sees them, with their line. */
function blocksOf(body: string, grammars: Set<string>): { block: CodeBlockInfo; line: number }[] {
  if (!fenceLanguages(body).some((g) => grammars.has(g))) return [];
  const found: { block: CodeBlockInfo; line: number }[] = [];
  walk<Code>(parser.parse(body) as Root, 'code', (node) => {
    const lang = node.lang ?? 'text';
    const grammar = resolveLanguage(lang);
    if (grammar && grammars.has(grammar)) found.push({ block: { lang, grammar, meta: node.meta ?? '', code: node.value }, line: node.position?.start.line ?? 1 });
  });
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
 * the file), from the cache at `cacheDir` (none: no cache) or the module `moduleFile`.
 */
export async function buildHoverTable(moduleFile: string, contentDir: string, docs: { file: string; body: string; bodyLine: number }[], cacheDir: string | undefined): Promise<HoverTableResult> {
  const mod = await loadCodeHovers(moduleFile);
  const grammars = new Set(mod.grammars);
  const cacheFile = cacheDir && path.join(cacheDir, `${createHash('sha1').update(`${path.resolve(contentDir)}\0${mod.key()}`).digest('hex').slice(0, 16)}.json`);
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
  if (missing.size) {
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
  return { table, computed: missing.size, fromCache, warnings };
}
