import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildError } from '../errors.ts';
import { importFresh } from '../import-fresh.ts';
import type { CodeBlockInfo } from './code-links.ts';

/**
 * The seam through which a site shows what a name in a code sample is (a type, a signature) on
 * hover and keyboard focus, at build time: `codeHovers` in site.config.ts names a module, relative
 * to the content folder, whose default export is a `CodeHoversModule`. The engine finds the blocks
 * the module `accepts`, asks it for every block not in its cache in one call (a compiler is slow
 * to start and fast per block), keeps the answers by block, and writes each as a popup made of
 * HTML and CSS only (highlight.ts, theme/styles/code.css).
 */

/** `code.slice(start, end)` shows `text` on hover and focus. */
export interface CodeHover {
  start: number;
  end: number;
  text: string;
}

export interface CodeHoversModule {
  /** What the answers depend on besides the block (the module's code, its compiler's and libraries' versions). */
  key(): string;
  /** The highlighter's names of the languages it reads (`typescript`): only their blocks are asked about. */
  grammars: string[];
  /**
   * The hovers of each block, in order; all the blocks of a build at once. A block it cannot
   * understand gets none; `warnings` says why, for the build log.
   */
  hovers(blocks: CodeBlockInfo[]): Promise<{ hovers: CodeHover[][]; warnings?: { block: number; message: string }[] }>;
}

/** Where builds keep the hovers they computed (code-hover-table.ts), beside the compile cache. */
export const DEFAULT_HOVER_CACHE_DIR = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules/.cache/docs-hovers');

const loaded = new Map<string, Promise<CodeHoversModule>>();

/** The module `file` (absolute) exports, loaded once per thread. */
export function loadCodeHovers(file: string): Promise<CodeHoversModule> {
  let mod = loaded.get(file);
  if (!mod) {
    const where = path.relative(process.cwd(), file);
    if (!fs.existsSync(file)) {
      return Promise.reject(new BuildError([{ file: where, message: 'codeHovers in site.config.ts names this module, which does not exist', hint: 'Point codeHovers at the module, relative to the content folder, or remove it.' }]));
    }
    mod = importFresh(file).then((m) => {
      const exported = m.default as CodeHoversModule | undefined;
      if (typeof exported?.key !== 'function' || !Array.isArray(exported?.grammars) || typeof exported?.hovers !== 'function') {
        throw new BuildError([{ file: where, message: 'a codeHovers module must export default { key(), grammars, hovers(blocks) }', hint: 'See renderer/markdown/code-hovers.ts (CodeHoversModule).' }]);
      }
      return exported;
    });
    loaded.set(file, mod);
  }
  return mod;
}

/** What identifies a block's hovers in the table and the cache. */
export function hoverBlockKey(block: Pick<CodeBlockInfo, 'lang' | 'meta' | 'code'>): string {
  return createHash('sha1').update(`${block.lang}\0${block.meta}\0${block.code}`).digest('base64url');
}

/** The hovers a compile looks up by block (hoverBlockKey); built per build by code-hover-table.ts. */
export type HoverTable = Map<string, CodeHover[]>;
