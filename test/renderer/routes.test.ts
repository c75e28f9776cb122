import { describe, expect, it } from 'vitest';
import { ProblemList } from '../../renderer/errors.ts';
import { docIdFromPath, hasRoute, resolveRoutes } from '../../renderer/routes.ts';

const doc = (relPath: string, source: string) => ({ file: `content/docs/${relPath}`, relPath, source });

describe('renderer/routes', () => {
  it('maps file paths to ids', () => {
    expect(docIdFromPath('cookbook/index.md')).toBe('cookbook');
    expect(docIdFromPath('reference/cli.md')).toBe('reference/cli');
    expect(docIdFromPath('reference/cli.md', 'commands')).toBe('reference/commands');
  });

  it('honours slug and reports duplicate routes with both files', () => {
    const problems = new ProblemList();
    const table = resolveRoutes(
      [
        doc('a.md', '---\ntitle: A\nslug: /b\n---\n'),
        doc('b.md', '---\ntitle: B\n---\n'),
        doc('c.md', '---\ntitle: C\n---\n'),
      ],
      ['/c'],
      problems,
    );
    expect(table.byRoute.get('/b')?.id).toBe('a');
    expect(['/a', '/b', '/c', '/d'].map((r) => hasRoute(table, r))).toEqual([false, true, true, false]);
    expect(problems.items.map((p) => `${p.file}: ${p.message}`)).toEqual([
      'content/docs/b.md: duplicate route /b (also served by content/docs/a.md)',
      'content/docs/c.md: duplicate route /c (also served by a custom page)',
    ]);
  });

  it('reports invalid frontmatter YAML with its line', () => {
    const problems = new ProblemList();
    resolveRoutes([doc('x.md', '---\ntitle: ok\ndescription: [unclosed\n---\nbody\n')], [], problems);
    expect(problems.items).toHaveLength(1);
    expect(problems.items[0].file).toBe('content/docs/x.md');
    expect(problems.items[0].message).toMatch(/^invalid frontmatter/);
    expect(problems.items[0].line).toBeGreaterThanOrEqual(3);
  });

  it('reports frontmatter of the wrong type and unknown keys', () => {
    const problems = new ProblemList();
    resolveRoutes([doc('y.md', '---\ntitle: 42\nsidebar_positon: 2\n---\n')], [], problems);
    expect(problems.items.map((p) => p.message)).toEqual([
      'title: expected string, received number',
      '(root): unknown key(s) "sidebar_positon"',
    ]);
  });

  it('computes the body start line after frontmatter', () => {
    const problems = new ProblemList();
    const table = resolveRoutes([doc('z.md', '---\ntitle: Z\ndescription: d\n---\n\nHello')], [], problems);
    expect(table.byId.get('z')!.bodyLine).toBe(5);
  });
});
