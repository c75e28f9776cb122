import { describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import remarkHeadingIds from '../../renderer/markdown/remark-heading-ids.ts';
import rehypeHeadings from '../../renderer/markdown/rehype-headings.ts';

async function headings(md: string) {
  const processor = unified().use(remarkParse).use(remarkHeadingIds).use(remarkRehype).use(rehypeHeadings);
  const tree = (await processor.run(
    processor.parse(md),
    new VFile({ data: { docs: { ids: new Set(), toc: [] } } }),
  )) as Root;
  return tree.children.flatMap((n) =>
    n.type === 'element'
      ? [{ id: n.properties.id, text: n.children.map((c) => (c.type === 'text' ? c.value : '')).join('') }]
      : [],
  );
}

describe('explicit heading ids', () => {
  it('uses {#id} as the id, keeps its case, and drops it from the text', async () => {
    expect(await headings('## Container {#definition-Container}')).toEqual([
      { id: 'definition-Container', text: 'Container' },
    ]);
  });

  it('leaves other headings to the slugger, and braces elsewhere alone', async () => {
    expect(await headings('## A {#x} b\n\n## Plain')).toEqual([
      { id: 'a-x-b', text: 'A {#x} b' },
      { id: 'plain', text: 'Plain' },
    ]);
  });
});
