import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { highlightBlock, MERGED_THEME } from '../../renderer/markdown/highlight.ts';
import { ensureLanguages, LANGUAGES } from '../../renderer/markdown/shiki.ts';

const MARKDOWN_WITH_CODE = '# Build\n\n```go\nfunc main() { fmt.Println("hi") }\n```\n\n```python\nprint("hi")\n```\n';

describe('grammar load order', () => {
  // Shiki's markdown grammar highlights a fence's code only once that language is loaded
  // (embeddedLangsLazy), so a thread that compiled a Go page before gave other colours.
  it('highlights a markdown block the same before and after other grammars are loaded', async () => {
    const highlighter = await createHighlighter({ themes: [MERGED_THEME], langs: [] });
    await ensureLanguages(highlighter, ['markdown']);
    const first = highlightBlock(highlighter, MARKDOWN_WITH_CODE, 'markdown', new Set());
    await ensureLanguages(highlighter, LANGUAGES);
    expect(highlightBlock(highlighter, MARKDOWN_WITH_CODE, 'markdown', new Set())).toBe(first);
  });
});
