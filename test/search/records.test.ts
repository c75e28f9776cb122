import { describe, expect, it } from 'vitest';
import { defaultLvl0 } from '../../renderer/search/records.ts';
import { recordsOf } from './helpers.ts';

const BODY = `Intro with \`withExec\` inline.

## Mount a cache

Cache volumes persist between runs.

:::tip
Default-titled tips keep only their text.
:::

:::warning[Keep secrets out of logs]
Pass tokens as secrets.
:::

### In Go

\`\`\`go title="main.go"
func ignoredCodeToken() {}
\`\`\`

::::tabs{group=sdk}
:::tab[Go]
Go tab text.
:::
:::tab[Python]
Python tab text.
:::
::::

- First item
  - Nested item
- Second item with a [link](https://example.com)

| Name | Type |
| --- | --- |
| args | string[] |

:::details[Show the full output]
Hidden text.
:::

## Next steps

Read on.
`;

describe('record extraction (DocSearch schema)', () => {
  it('gives the page, each heading and each paragraph, list item, table row, summary and code title', async () => {
    const records = await recordsOf(BODY, {
      title: 'Cache Volumes',
      description: 'Persist caches.',
      category: 'Extending',
    });
    const view = records.map((r) => [
      r.type,
      r.type === 'content' ? r.content : r.type === 'lvl1' ? r.hierarchy.lvl1 : r.hierarchy[r.type],
      r.anchor,
    ]);
    expect(view).toEqual([
      ['lvl1', 'Cache Volumes', null],
      ['content', 'Intro with withExec inline.', null],
      ['lvl2', 'Mount a cache', 'mount-a-cache'],
      ['content', 'Cache volumes persist between runs.', 'mount-a-cache'],
      ['content', 'Default-titled tips keep only their text.', 'mount-a-cache'],
      ['content', 'Keep secrets out of logs', 'mount-a-cache'],
      ['content', 'Pass tokens as secrets.', 'mount-a-cache'],
      ['lvl3', 'In Go', 'in-go'],
      ['content', 'main.go', 'in-go'],
      ['content', 'Go tab text.', 'in-go'],
      ['content', 'Python tab text.', 'in-go'],
      ['content', 'First item', 'in-go'],
      ['content', 'Nested item', 'in-go'],
      ['content', 'Second item with a link', 'in-go'],
      ['content', 'args · string[]', 'in-go'],
      ['content', 'Show the full output', 'in-go'],
      ['content', 'Hidden text.', 'in-go'],
      ['lvl2', 'Next steps', 'next-steps'],
      ['content', 'Read on.', 'next-steps'],
    ]);
    // Code, tab labels, the "Copy" button and the heading's "#" link never reach a record.
    const all = JSON.stringify(records);
    expect(all).not.toContain('ignoredCodeToken');
    expect(all).not.toContain('"Copy"');
    expect(records.some((r) => r.content === 'Go' || r.content === 'Python' || r.content === 'Tip')).toBe(false);
  });

  it('fills the hierarchy, URLs with base URL and anchor, facets and weights', async () => {
    const records = await recordsOf(BODY, {
      title: 'Cache Volumes',
      description: 'Persist caches.',
      category: 'Extending',
    });
    const [page] = records;
    expect(page).toMatchObject({
      type: 'lvl1',
      content: 'Persist caches.',
      url: 'https://docs.example.com/docs/guide/page',
      url_without_anchor: 'https://docs.example.com/docs/guide/page',
      anchor: null,
      language: 'en',
      version: 'current',
      docusaurus_tag: 'docs-default-current',
      hierarchy: {
        lvl0: 'Extending',
        lvl1: 'Cache Volumes',
        lvl2: null,
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
    });
    const code = records.find((r) => r.content === 'main.go')!;
    expect(code.hierarchy).toEqual({
      lvl0: 'Extending',
      lvl1: 'Cache Volumes',
      lvl2: 'Mount a cache',
      lvl3: 'In Go',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    expect(code.url).toBe('https://docs.example.com/docs/guide/page#in-go');
    const next = records.find((r) => r.type === 'lvl2' && r.anchor === 'next-steps')!;
    expect(next.hierarchy.lvl3).toBeNull(); // a new h2 closes the h3 above it
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    for (const r of records) expect(r.objectID).toMatch(/^[A-Za-z0-9_-]+$/); // a valid Meilisearch/Typesense id too
    expect(records.map((r) => r.weight.position)).toEqual(records.map((_, i) => i));
    expect(page.weight.level).toBeGreaterThan(records.find((r) => r.type === 'lvl2')!.weight.level);
    expect(records.find((r) => r.type === 'lvl2')!.weight.level).toBeGreaterThan(code.weight.level);
  });

  it('uses "Documentation" as lvl0 outside sidebar categories and no content for a page without description', async () => {
    const [page, ...rest] = await recordsOf('Just text.', { title: 'Loose page' });
    expect(page.hierarchy.lvl0).toBe(defaultLvl0());
    expect(page.content).toBeNull();
    expect(rest.map((r) => r.content)).toEqual(['Just text.']);
  });

  it("keeps markup-like text as plain text (escaping is the display side's job)", async () => {
    const records = await recordsOf('## Escaping `<img src=x onerror=alert(1)>`\n\nUse `<b>` for bold.\n', {
      title: 'Markup',
    });
    expect(records[1].hierarchy.lvl2).toBe('Escaping <img src=x onerror=alert(1)>');
    expect(records[2].content).toBe('Use <b> for bold.');
  });
});
