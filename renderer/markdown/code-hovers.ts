import { sha1 } from '../hash.ts';
import type { CodeBlockInfo } from './code-links.ts';

/**
 * The seam through which a site shows what a name in a code sample is (a type, a signature) on
 * hover and keyboard focus, at build time: a plugin's `codeHovers` hook, a `CodeHoversModule`
 * (renderer/plugins/types.ts). The engine finds the blocks of the module's `grammars`, asks it for every block not in its cache in one call (a compiler is slow
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

/** What identifies a block's hovers in the table and the cache: hex, so a file name on a case-insensitive disk too. */
export function hoverBlockKey(block: Pick<CodeBlockInfo, 'lang' | 'meta' | 'code'>): string {
  return sha1(block.lang, block.meta, block.code);
}

/** The hovers a compile looks up by block (hoverBlockKey); built per build by code-hover-table.ts. */
export type HoverTable = Map<string, CodeHover[]>;
