import { describe, expect, it } from 'vitest';
import remarkDirective from 'remark-directive';
import remarkGfmReference from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import remarkGfm from '../../renderer/markdown/remark-gfm.ts';

const ours = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const reference = unified().use(remarkParse).use(remarkGfmReference).use(remarkDirective).freeze();
const tree = (p: typeof ours, text: string) => JSON.stringify(p.parse(text));
const links = (text: string) => JSON.stringify(ours.parse(text)).match(/"type":"link"/g)?.length ?? 0;

describe('GFM parsing (renderer/markdown/remark-gfm.ts)', () => {
  const samples = [
    'Visit www.example.com or https://dagger.io/docs, then HTTP://EXAMPLE.ORG/a?b=c.',
    'Write to someone@example.com, mailto:team@example.org or xmpp:me@example.net/home.',
    'A [link](https://example.com) and <https://example.com/auto> but no bare literal.',
    'Plain text with a `code span https://x.y` and\n\n```sh\ncurl https://example.com\n```\n',
    '| a | b |\n| - | - |\n| www.example.com | ~~gone~~ |\n\n- [x] done[^1]\n\n[^1]: a note at user@example.com',
    'Nothing to link here: wwwexample, http:/broken, at sign in code `a@b.c`.',
    ':::note\nsee www.example.com\n:::\n',
  ];
  it('gives the same trees as remark-gfm', () => {
    for (const text of samples) expect(tree(ours, text), text).toBe(tree(reference, text));
  });
  it('still turns bare URLs and addresses into links, and only those', () => {
    expect(links(samples[0])).toBe(3);
    // "mailto:team" and "xmpp:me" read as text directives (`:name`) once remark-directive is on, as in the pipeline.
    expect(links(samples[1])).toBe(1);
    expect(links(samples[3])).toBe(0);
    expect(links(samples[5])).toBe(0);
    expect(links(samples[6])).toBe(1);
  });
});
