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

/** One highlighter per process: loading grammars is the expensive part. */
export function getHighlighter(): Promise<Highlighter> {
  shared ??= createHighlighter({ themes: [MERGED_THEME], langs: [...LANGUAGES] });
  return shared;
}
