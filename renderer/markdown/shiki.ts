import { createHighlighter, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { grammarClosures, type GrammarClosures } from './grammar-closure.ts';
import { MERGED_THEME } from './highlight.ts';
import { sharingPatterns } from './pattern-scanners.ts';

/** Languages the docs may use, with their aliases; anything else fails the build. */
export const LANGUAGES = [
  'bash',
  'shellscript',
  'go',
  'python',
  'typescript',
  'javascript',
  'tsx',
  'jsx',
  'json',
  'jsonc',
  'yaml',
  'toml',
  'ini',
  'dockerfile',
  'graphql',
  'java',
  'php',
  'elixir',
  'rust',
  'powershell',
  'groovy',
  'hcl',
  'xml',
  'html',
  'css',
  'diff',
  'sql',
  'markdown',
  'http',
  'shellsession',
] as const;

/** Fence languages drawn as diagrams at build time instead of highlighted (mermaid.ts). */
export const DIAGRAM_LANGUAGES = ['mermaid'] as const;

/** Aliases writers use → shiki language; `text` means no highlighting. */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'shellsession',
  ts: 'typescript',
  js: 'javascript',
  yml: 'yaml',
  py: 'python',
  golang: 'go',
  docker: 'dockerfile',
  gql: 'graphql',
  md: 'markdown',
  ps1: 'powershell',
  text: 'text',
  txt: 'text',
  plaintext: 'text',
  plain: 'text',
};

/** Maps a fence language to a highlighter language, or undefined when unknown. */
export function resolveLanguage(lang: string): string | undefined {
  const lower = lang.toLowerCase();
  if (lower in ALIASES) return ALIASES[lower];
  return (LANGUAGES as readonly string[]).includes(lower) ? lower : undefined;
}

/** Every fence language the docs may use: highlighted ones, their aliases and diagrams (mermaid.ts). */
export function knownLanguageNames(): string[] {
  return [...new Set([...LANGUAGES, ...Object.keys(ALIASES), ...DIAGRAM_LANGUAGES])].sort();
}

let shared: Promise<Highlighter> | undefined;

/**
 * One highlighter per thread, with no grammar yet: loading all thirty takes about a second,
 * and most sites use a handful. Grammars load on first use (ensureLanguages). Oniguruma (shiki's
 * default engine), with each pattern compiled once however many of a grammar's rules list it
 * (pattern-scanners.ts).
 */
export function getHighlighter(): Promise<Highlighter> {
  shared ??= createOnigurumaEngine(import('shiki/wasm')).then((engine) =>
    createHighlighter({ themes: [MERGED_THEME], langs: [], engine: sharingPatterns(engine) }),
  );
  return shared;
}

// A fence's info string, also inside lists and quotes; matching a little too much only loads a grammar early.
const FENCE_LANGUAGE = /^[ \t>*+\-\d.]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/** The highlighter languages of the fenced code blocks in `markdown`. */
export function fenceLanguages(markdown: string): string[] {
  const langs = new Set<string>();
  for (const m of markdown.matchAll(FENCE_LANGUAGE)) {
    const lang = resolveLanguage(m[1]);
    if (lang && lang !== 'text') langs.add(lang);
  }
  return [...langs];
}

let closures: Promise<GrammarClosures> | undefined;
/** Per highlighter, the languages whose closure is loaded (only those may be highlighted). */
const ready = new WeakMap<Highlighter, Set<string>>();
const readyIn = (highlighter: Highlighter) =>
  ready.get(highlighter) ?? ready.set(highlighter, new Set(['text'])).get(highlighter)!;

/**
 * Loads `langs` with their closures (grammar-closure.ts), so a block's colours never depend on
 * which grammars this thread happened to load before.
 */
export async function ensureLanguages(highlighter: Highlighter, langs: Iterable<string>): Promise<void> {
  const done = readyIn(highlighter);
  const missing = [...new Set(langs)].filter((l) => !done.has(l));
  if (!missing.length) return;
  const { closureOf } = await (closures ??= grammarClosures(LANGUAGES));
  await highlighter.loadLanguage(...new Set(missing.flatMap(closureOf)));
  for (const l of missing) done.add(l);
}

/** Thrown when a block needs a grammar the scan of its page did not foresee: the page is compiled again once it is loaded. */
export class GrammarNotLoaded extends Error {
  constructor(readonly lang: string) {
    super(`the grammar of ${lang} is not loaded`);
  }
}

export function assertLoaded(highlighter: Highlighter, lang: string): void {
  if (!readyIn(highlighter).has(lang)) throw new GrammarNotLoaded(lang);
}
