/**
 * Hostile doc files for `docs build` end to end (test/hardening/build-faults.test.ts): the small
 * ones kept in test/fixtures/hostile/, the huge ones generated here (megabytes are not committed).
 * Each name maps to what the build must say about that file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/site.ts';

const HOSTILE_DIR = path.join(ROOT, 'test/fixtures/hostile');
const fm = (title: string) => `---\ntitle: ${title}\ndescription: A hostile page, ${title.toLowerCase()}.\n---\n\n`;

/** Generated files: 20,000 nested quotes, 5,000 nested list items, a 1,000,000-word paragraph, … */
export function generatedHostileFiles(): Record<string, string> {
  return {
    'deep-quote.md': fm('Deep quote') + '>'.repeat(20_000) + ' quoted\n',
    // Each level indented two more spaces: only the first 600 levels, which already cross the limit.
    'deep-list.md':
      fm('Deep list') + Array.from({ length: 600 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\n') + '\n',
    'long-paragraph.md':
      fm('Long paragraph') +
      Array.from({ length: 1_000_000 }, (_, i) => `word${i % 97}`).join(' ') +
      '\n\n:::nosuchdirective\nx\n:::\n',
    'long-line.md': fm('Long line') + 'Intro.\n\n' + 'x'.repeat(150_000) + '\n',
    'big-code.md': fm('Big code') + 'Intro.\n\n```go\n' + 'fmt.Println("a line of code")\n'.repeat(20_000) + '```\n',
    'unclosed-brackets.md': fm('Unclosed brackets') + '*['.repeat(40_000) + '\n',
  };
}

/** The kept files, by name. */
export function keptHostileFiles(): Record<string, string | Buffer> {
  return Object.fromEntries(
    fs.readdirSync(HOSTILE_DIR).map((name) => [name, fs.readFileSync(path.join(HOSTILE_DIR, name))]),
  );
}

/** What the build must report for each file (a problem naming it, with a line, matching this). */
export const EXPECTED_PROBLEMS: Record<string, RegExp> = {
  'deep-quote.md': /nested too deeply/,
  'deep-list.md': /nested too deeply/,
  'long-paragraph.md': /over the limit of 4,000 KB/,
  'long-line.md': /this line is 150,000 characters long/,
  'big-code.md': /this code block is over the limit of 500 KB/,
  'yaml-bomb.md': /received array|unknown key/,
  'directive.md': /unknown directive/,
  'bad-frontmatter.md': /invalid frontmatter/,
};
