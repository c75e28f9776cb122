import { createHighlighter, type Highlighter } from 'shiki';
import { MERGED_THEME } from './highlight.ts';

/** Languages the docs may use, with their aliases; anything else fails the build. */
export const LANGUAGES = [
  'bash', 'shellscript', 'go', 'python', 'typescript', 'javascript', 'tsx', 'jsx', 'json', 'jsonc', 'yaml',
  'toml', 'ini', 'dockerfile', 'graphql', 'java', 'php', 'elixir', 'rust', 'powershell', 'groovy', 'hcl',
  'xml', 'html', 'css', 'diff', 'sql', 'markdown', 'http', 'shellsession',
] as const;

/** Aliases writers use → shiki language; `text` means no highlighting. */
const ALIASES: Record<string, string> = {
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'shellsession', ts: 'typescript', js: 'javascript',
  yml: 'yaml', py: 'python', golang: 'go', docker: 'dockerfile', gql: 'graphql', md: 'markdown', ps1: 'powershell',
  text: 'text', txt: 'text', plaintext: 'text', plain: 'text',
};

/** Maps a fence language to a highlighter language, or undefined when unknown. */
export function resolveLanguage(lang: string): string | undefined {
  const lower = lang.toLowerCase();
  if (lower in ALIASES) return ALIASES[lower];
  return (LANGUAGES as readonly string[]).includes(lower) ? lower : undefined;
}

export function knownLanguageNames(): string[] {
  return [...new Set([...LANGUAGES, ...Object.keys(ALIASES)])].sort();
}

let shared: Promise<Highlighter> | undefined;
const loaded = new Set(['text']);

/**
 * One highlighter per thread, with no grammar yet: loading all thirty takes about a second,
 * and most sites use a handful. Grammars load on first use (ensureLanguages).
 */
export function getHighlighter(): Promise<Highlighter> {
  shared ??= createHighlighter({ themes: [MERGED_THEME], langs: [] });
  return shared;
}

// A fence's info string, also inside lists and quotes; matching a little too much only loads a grammar early.
const FENCE_LANGUAGE = /^[ \t>*+\-\d.]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/** The highlighter languages of the fenced code blocks in `markdown`. */
export function fenceLanguages(markdown: string): string[] {
  const langs = new Set<string>();
  for (const m of markdown.matchAll(FENCE_LANGUAGE)) {
    const lang = resolveLanguage(m[1]);
    if (lang && !loaded.has(lang)) langs.add(lang);
  }
  return [...langs];
}

/** Loads the grammars of `langs` that are not loaded yet. */
export async function ensureLanguages(highlighter: Highlighter, langs: Iterable<string>): Promise<void> {
  const missing = [...new Set(langs)].filter((l) => !loaded.has(l));
  if (!missing.length) return;
  await highlighter.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>));
  for (const l of missing) loaded.add(l);
}

/** Thrown when a block needs a grammar the scan of its page did not foresee: the page is compiled again once it is loaded. */
export class GrammarNotLoaded extends Error {
  constructor(readonly lang: string) {
    super(`the grammar of ${lang} is not loaded`);
  }
}

export function assertLoaded(lang: string): void {
  if (!loaded.has(lang)) throw new GrammarNotLoaded(lang);
}
