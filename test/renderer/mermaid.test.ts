import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { DIAGRAM_VARIABLES, diagramStats, hasDiagramFence } from '../../renderer/markdown/mermaid.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

/** A page of `body` (after 3 lines of frontmatter, so body line n is file line n + 3) through the build's pipeline. */
async function render(body: string) {
  const { doc, context, problems } = pageContext({ relPath: 'guide/page.md', source: pageSource(body) });
  const toHast = await createPipeline({});
  const html = contentHtml(await toHast(doc.body, context));
  return { html, problems: problems.items };
}

const FLOW = 'flowchart LR\n  cli[dagger CLI] -->|GraphQL| engine[Engine]\n  engine --> cache[(Cache)]';

describe('mermaid fences (renderer/markdown/mermaid.ts)', () => {
  it('become an inline SVG named by its title, with no script and no diagram code', async () => {
    const { html, problems } = await render(
      `Intro.\n\n\`\`\`mermaid title="A call reaches the engine"\n${FLOW}\n\`\`\`\n`,
    );
    expect(problems).toEqual([]);
    const figure = /<figure class="diagram" tabindex="0">([\s\S]*?)<\/figure>/.exec(html)?.[1];
    expect(figure).toBeDefined();
    expect(figure).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" role="img" aria-labelledby="mermaid-1-title" viewBox="0 0 [\d.]+ [\d.]+"/,
    );
    expect(figure).toContain('<title id="mermaid-1-title">A call reaches the engine</title>');
    expect(figure).toContain('>dagger CLI</text>');
    expect(figure).toContain('>GraphQL</text>');
    // The renderer's own <style> (an @import of a web font, rules for every svg on the page) is gone.
    expect(figure).not.toMatch(/<style|@import|fonts\.googleapis|<script|data-[a-z]+=/);
    expect(html).not.toContain('copy-button');
  });

  it('paints only with --diagram-* variables, each defined for light and for dark in the stylesheet', async () => {
    const { html } = await render(
      `\`\`\`mermaid title="t"\n${FLOW}\n\`\`\`\n\n\`\`\`mermaid title="s"\nsequenceDiagram\n  participant C as Client\n  C->>E: query\n  E-->>C: result\n\`\`\`\n`,
    );
    const used = new Set([...html.matchAll(/var\(--([\w-]+)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(5);
    for (const v of used) expect(v).toMatch(/^diagram-/);
    // No literal colour in the SVG: fills and strokes all come from variables.
    expect(html).not.toMatch(/(fill|stroke)="#/);
    const css = fs.readFileSync(path.join(import.meta.dirname, '../../theme/styles/diagrams.css'), 'utf8');
    const tokens = fs.readFileSync(path.join(import.meta.dirname, '../../theme/styles/tokens.css'), 'utf8');
    const defined = new Map([...css.matchAll(/--(diagram-[\w-]+): var\(--([\w-]+)\)/g)].map((m) => [m[1], m[2]]));
    expect([...defined.keys()].sort()).toEqual(
      [...new Set(Object.values(DIAGRAM_VARIABLES))].map((v) => `diagram-${v}`).sort(),
    );
    for (const v of used) expect(defined.has(v), v).toBe(true);
    // Each is made of a token that the light and the dark blocks both set, so the SVG follows the mode.
    const block = (selector: RegExp) => tokens.slice(tokens.search(selector)).split('}')[0];
    for (const [name, token] of defined) {
      expect(block(/:root \{/), `${name} → --${token} (light)`).toContain(`--${token}:`);
      expect(block(/\[data-theme=["']dark["']\] \{/), `${name} → --${token} (dark)`).toContain(`--${token}:`);
    }
  });

  it('gives two diagrams on one page distinct ids, and their markers point at their own ids', async () => {
    const { html } = await render(
      `\`\`\`mermaid title="One"\n${FLOW}\n\`\`\`\n\n\`\`\`mermaid title="Two"\n${FLOW}\n\`\`\`\n`,
    );
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    const refs = [...html.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(ids).toContain(r);
    expect(refs.some((r) => r.startsWith('mermaid-1-'))).toBe(true);
    expect(refs.some((r) => r.startsWith('mermaid-2-'))).toBe(true);
  });

  it('draws both heads of a two-way edge pointing at their nodes (the start marker is not reversed twice)', async () => {
    const { html } = await render('```mermaid title="Both ways"\nflowchart LR\n  a[Alpha] <-->|both| b[Beta]\n```\n');
    const marker = (id: string) => new RegExp(`<marker id="${id}"[^>]*>\\s*<polygon points="([^"]*)"`).exec(html);
    expect(html).toMatch(/marker-start="url\(#mermaid-1-arrowhead-start\)"/);
    expect(marker('mermaid-1-arrowhead-start')?.[0]).toContain('orient="auto-start-reverse"');
    // Same shape as the end marker: the orientation alone turns it around.
    expect(marker('mermaid-1-arrowhead-start')?.[1]).toBe(marker('mermaid-1-arrowhead')?.[1]);
  });

  it('reports a diagram without a title at its fence, with a hint', async () => {
    const { problems, html } = await render(`Text.\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'content/docs/guide/page.md',
      line: 6,
      message: 'a mermaid diagram needs a title',
    });
    expect(problems[0].hint).toContain('title="');
    expect(html).not.toContain('<svg');
  });

  it('reports invalid Mermaid with the renderer message at the line it names, never crashing', async () => {
    const { problems } = await render(
      '# Page\n\n```mermaid title="Broken"\nflowchart sideways\n  a --> b\n```\n\nAfter.\n',
    );
    expect(problems).toHaveLength(1);
    // Fence on body line 3 (file line 6); its first line (the header the renderer refuses) is file line 7.
    expect(problems[0]).toMatchObject({ file: 'content/docs/guide/page.md', line: 7 });
    expect(problems[0].message).toMatch(/^invalid mermaid diagram: Invalid mermaid header: "flowchart sideways"/);
  });

  it('refuses a diagram type whose colours the site does not define (xychart), at its header line', async () => {
    const { problems } = await render('```mermaid title="Chart"\nxychart-beta\n  x-axis [a, b]\n  bar [1, 2]\n```\n');
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/"xychart-beta" diagrams are not supported/);
    // Fence on file line 4, its header on line 5.
    expect(problems[0].line).toBe(5);
  });

  it('reports a subgraph drawn empty (nodes declared before it) with a hint', async () => {
    const { problems } = await render(
      '```mermaid title="Group"\nflowchart LR\n  a --> b\n  subgraph g [Group]\n    a\n    b\n  end\n```\n',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/subgraph is drawn empty/);
    expect(problems[0].hint).toMatch(/inside/);
  });

  it('escapes labels and titles: no markup gets through', async () => {
    const { html, problems } = await render(
      '```mermaid title="<b>bold</b> & co"\nflowchart LR\n  a["<script>alert(1)</script>"] --> b["<img src=x onerror=alert(1)>"]\n```\n',
    );
    expect(problems).toEqual([]);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; co</title>');
  });

  it('draws each source once per thread (a page compiled again reuses it)', async () => {
    const source = `\`\`\`mermaid title="Memo"\nflowchart TB\n  memo1[First] --> memo2[Second]\n\`\`\`\n`;
    await render(source);
    const before = { ...diagramStats };
    const again = await render(source.replace('Memo', 'Another title'));
    expect(diagramStats.renders).toBe(before.renders);
    expect(diagramStats.memoHits).toBe(before.memoHits + 1);
    expect(again.html).toContain('<title id="mermaid-1-title">Another title</title>');
  });

  it('finds diagram fences, also in lists and quotes, and not other languages', () => {
    expect(hasDiagramFence('x\n```mermaid title="a"\n')).toBe(true);
    expect(hasDiagramFence('- item\n\n  ~~~mermaid\n')).toBe(true);
    expect(hasDiagramFence('> ```Mermaid{1}\n')).toBe(true);
    expect(hasDiagramFence('```mermaidx\n')).toBe(false);
    expect(hasDiagramFence('```text\nmermaid\n```\n')).toBe(false);
  });
});
