import { describe, expect, it } from 'vitest';
import { compileOrder } from '../../renderer/compile-order.ts';
import { fenceLanguages } from '../../renderer/markdown/shiki.ts';
import { hasDiagramFence } from '../../renderer/markdown/mermaid.ts';

const fence = (lang: string) => `\`\`\`${lang}\nx\n\`\`\`\n`;
const doc = (name: string, ...langs: string[]) => ({ name, body: `# ${name}\n\n${langs.map(fence).join('\n')}` });

describe('renderer/compile-order: the two-ended compile queue', () => {
  // Eight docs in TypeScript, four of them in Go too, one in PHP and Go, one diagram, two without code.
  const docs = [
    doc('plain-short'),
    doc('ts-1', 'ts'),
    doc('ts-2', 'typescript'),
    doc('ts-go-1', 'ts', 'go'),
    doc('ts-3', 'ts'),
    doc('php-go', 'php', 'go', 'ts'),
    doc('ts-go-2', 'ts', 'go', 'bash'),
    { name: 'plain-long', body: `# plain-long\n\n${'Some prose. '.repeat(50)}` },
    doc('diagram', 'mermaid'),
    doc('ts-go-3', 'ts', 'go'),
  ];
  const order = compileOrder(docs).map((d) => d.name);

  it('keeps every doc once', () => {
    expect([...order].sort()).toEqual(docs.map((d) => d.name).sort());
  });

  it('puts diagrams first, then the rarest languages, and docs without code last', () => {
    expect(order[0]).toBe('diagram');
    // PHP and bash have one doc each, Go four, TypeScript eight.
    expect(order.slice(1, 3).sort()).toEqual(['php-go', 'ts-go-2']);
    expect(order.slice(3, 5).sort()).toEqual(['ts-go-1', 'ts-go-3']);
    expect(order.slice(5, 8).sort()).toEqual(['ts-1', 'ts-2', 'ts-3']);
    // Among docs without code, the bigger first.
    expect(order.slice(8)).toEqual(['plain-long', 'plain-short']);
  });

  it('leaves the back end, wherever the threads meet, the fewest grammars and no diagram', () => {
    const queue = compileOrder(docs);
    for (let meet = 1; meet < queue.length; meet++) {
      const back = queue.slice(meet);
      const grammars = new Set(back.flatMap((d) => fenceLanguages(d.body)));
      expect(back.some((d) => hasDiagramFence(d.body))).toBe(false);
      // Each grammar the back end needs is used by at least as many docs as any the front alone needs.
      const front = new Set(queue.slice(0, meet).flatMap((d) => fenceLanguages(d.body)));
      const users = (l: string) => docs.filter((d) => fenceLanguages(d.body).includes(l)).length;
      for (const l of grammars)
        for (const f of front) if (!grammars.has(f)) expect(users(l)).toBeGreaterThanOrEqual(users(f));
    }
  });

  it('puts the docs `first` holds for (waiting for code hovers) before every other, in the same order among them', () => {
    const waiting = new Set(['ts-1', 'plain-short', 'ts-go-3']);
    const ordered = compileOrder(docs, (d) => waiting.has(d.name)).map((d) => d.name);
    expect(ordered.slice(0, 3)).toEqual(order.filter((n) => waiting.has(n)));
    expect(ordered.slice(3)).toEqual(order.filter((n) => !waiting.has(n)));
  });
});
