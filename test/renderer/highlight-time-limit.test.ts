import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlightBlock } from '../../renderer/markdown/highlight.ts';
import { ensureLanguages, getHighlighter } from '../../renderer/markdown/shiki.ts';

// Lines whose colours two builds of the same source once disagreed on.
const SAMPLES: [lang: string, code: string][] = [
  ['typescript', 'new Env(ctx?: Context, _id?: EnvID): Env'],
  ['php', "<?php\n$workspace = dag()->container()->from('golang:1.23')->withWorkdir('/app');"],
];

describe('code highlighting on a slow thread', () => {
  afterEach(() => vi.restoreAllMocks());

  // A thread that is descheduled, collecting garbage or compiling a grammar's regexes on its
  // first block can take longer than Shiki's per-line time limit; the clock below makes every
  // step of the tokenizer look that slow.
  it('colours a line the same however long the tokenizer takes', async () => {
    const highlighter = await getHighlighter();
    await ensureLanguages(
      highlighter,
      SAMPLES.map(([lang]) => lang),
    );
    for (const [lang, code] of SAMPLES) {
      const expected = highlightBlock(highlighter, code, lang, new Set());
      let now = Date.now();
      vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
      const slow = highlightBlock(highlighter, code, lang, new Set());
      vi.restoreAllMocks();
      expect(slow).toBe(expected);
    }
  });
});
