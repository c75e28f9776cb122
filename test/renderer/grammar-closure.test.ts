import { createHighlighter, type Highlighter } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import { highlightBlock, MERGED_THEME } from '../../renderer/markdown/highlight.ts';
import { ensureLanguages, LANGUAGES } from '../../renderer/markdown/shiki.ts';

// One text every grammar gets, with what grammars embed or inject into each other: fences of
// every language (markdown), tags with script and style (html, php, xml), SQL in a PHP string,
// GraphQL and HTML in template literals, JSON in HTTP.
const FENCES = LANGUAGES.map((lang) => `\`\`\`${lang}\nx = 1 # "a" 'b' <c> {d}\n\`\`\``).join('\n');
const SAMPLE = `${FENCES}
<html><head><style>a { color: red }</style><script>let a = \`x\${1}\`;</script></head><body><p class="x">Hi</p></body></html>
<?php $rows = $db->query("SELECT id FROM users WHERE name = 'a'"); echo "<div>{$rows}</div>"; ?>
const q = gql\`query { user(id: 1) { name } }\`; const h = html\`<b>\${q}</b>\`; const s = sql\`SELECT 1\`;
POST /graphql HTTP/1.1
Content-Type: application/json

{"query": "{ a }", "n": [1, true, null]}
`;

describe('grammar closures', () => {
  let everything: Highlighter;
  beforeAll(async () => {
    everything = await createHighlighter({ themes: [MERGED_THEME], langs: [...LANGUAGES] });
  });

  // The build loads a language's closure on its first block; any grammar loaded later must not
  // change how that language is highlighted.
  it.each(LANGUAGES)('%s highlights the same with its closure as with every language loaded', async (lang) => {
    const highlighter = await createHighlighter({ themes: [MERGED_THEME], langs: [] });
    try {
      await ensureLanguages(highlighter, [lang]);
      expect(highlightBlock(highlighter, SAMPLE, lang, new Set())).toBe(
        highlightBlock(everything, SAMPLE, lang, new Set()),
      );
    } finally {
      highlighter.dispose();
    }
  });
});
