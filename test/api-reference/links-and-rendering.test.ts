import { beforeAll, describe, expect, it } from 'vitest';
import { visit } from 'unist-util-visit';
import { hastText, reference, render, type RenderedDoc } from './helpers.ts';
import { knownLanguageNames } from '../../renderer/markdown/shiki.ts';

/** Code languages the engine accepts. */
const LANGUAGES = new Set(knownLanguageNames());

let pages: RenderedDoc[] = [];
let byRoute = new Map<string, RenderedDoc>();

// A cold generation (TypeDoc on the SDK) can take a while when test files run in parallel.
beforeAll(async () => {
  pages = await Promise.all((await reference()).docs.map(render));
  byRoute = new Map(pages.map((p) => [p.route, p]));
}, 180_000);

const page = (route: string) => {
  const p = byRoute.get(route);
  if (!p) throw new Error(`no generated doc at ${route}`);
  return p;
};

describe('internal links', () => {
  it('every ](/reference/typescript/...) target is a generated route, with an existing anchor', () => {
    const broken: string[] = [];
    let checked = 0;
    let anchors = 0;
    for (const p of pages) {
      for (const m of p.doc.source.matchAll(/\]\((\/reference\/typescript[^)\s]*)\)/g)) {
        checked++;
        const [route, anchor] = m[1].split('#');
        const target = byRoute.get(route);
        if (!target) broken.push(`${p.route}: ${m[1]} (no such route)`);
        else if (anchor !== undefined) {
          anchors++;
          if (!target.ids.has(anchor)) broken.push(`${p.route}: ${m[1]} (no heading #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    expect(anchors).toBeGreaterThan(100);
  });

  it('every parsed link node that is not external points at a generated page', () => {
    const broken: string[] = [];
    for (const p of pages) {
      visit(p.mdast, 'link', (node) => {
        if (/^[a-z]+:/i.test(node.url)) return;
        const [route, anchor] = node.url.split('#');
        const target = byRoute.get(route);
        if (!target || (anchor !== undefined && !target.ids.has(anchor))) broken.push(`${p.route}: ${node.url}`);
      });
    }
    expect(broken).toEqual([]);
  });
});

describe('rendering in the engine dialect', () => {
  it('has valid frontmatter on every page', () => {
    for (const p of pages) {
      expect(typeof p.data.title, p.route).toBe('string');
      expect(typeof p.data.sidebar_label, p.route).toBe('string');
      const description = p.data.description as string;
      expect(typeof description, p.route).toBe('string');
      expect(description.trim().length, p.route).toBeGreaterThan(0);
      expect(description.length, p.route).toBeLessThanOrEqual(160);
      expect(Object.keys(p.data).sort(), p.route).toEqual(['description', 'sidebar_label', 'title']);
    }
  });

  it('produces no stray directives, raw HTML, unknown code languages, H1s or ragged tables', () => {
    const problems: string[] = [];
    for (const p of pages) {
      visit(p.mdast, (node) => {
        const n = node as {
          type: string;
          name?: string;
          lang?: string | null;
          depth?: number;
          children?: { children: unknown[] }[];
        };
        if (n.type === 'textDirective' || n.type === 'leafDirective') problems.push(`${p.route}: ${n.type} :${n.name}`);
        if (n.type === 'containerDirective' && !['note', 'warning'].includes(n.name!))
          problems.push(`${p.route}: :::${n.name}`);
        if (n.type === 'html') problems.push(`${p.route}: raw HTML`);
        if (n.type === 'code' && !LANGUAGES.has(n.lang ?? '')) problems.push(`${p.route}: code language ${n.lang}`);
        if (n.type === 'heading' && n.depth === 1) problems.push(`${p.route}: H1`);
        if (n.type === 'table') {
          const widths = new Set(n.children!.map((row) => row.children.length));
          if (widths.size !== 1) problems.push(`${p.route}: table rows of ${[...widths].join('/')} cells`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('keeps TSDoc text literal where it looks like markup', () => {
    const container = hastText(page('/reference/typescript/api/client.gen/classes/Container').hast);
    // A pipe inside a parameter description stays in its cell.
    expect(container).toContain('Example: ["sh", "-c", "ls -l | grep foo"]');
    // Braces, dollars and globs come through as written.
    expect(container).toContain('Replace "${VAR}" or "$VAR"');
    expect(container).toContain('(e.g. ["node_modules/**", ".gitignore", ".git/"])');
    // Colons before digits too: `1000:1000` and timestamps.
    expect(container).toContain('"2023-01-01T00:00:00Z"');
    const directory = hastText(page('/reference/typescript/api/client.gen/classes/Directory').hast);
    // Square brackets stay text, not a link reference.
    expect(directory).toContain('mounted at /run/secrets/[secret-name]');
    // `user:group` would be a text directive if the colon were not escaped.
    expect(container).toContain('A user:group to set for the');
  });

  it('gives every member heading the anchor that links use', () => {
    const container = page('/reference/typescript/api/client.gen/classes/Container');
    for (const id of ['constructors', 'constructor', 'methods', 'withexec', 'withmountedcache', 'import_', 'stdout']) {
      expect(container.ids.has(id), id).toBe(true);
    }
    const execError = page('/reference/typescript/common/errors/classes/ExecError');
    for (const id of ['properties', 'exitcode', 'stderr', 'methods', 'printstacktrace'])
      expect(execError.ids.has(id), id).toBe(true);
  });

  it('renders deprecation and experimental notices as admonitions', () => {
    const notices: string[] = [];
    for (const p of pages) {
      visit(p.mdast, 'containerDirective', (node) => {
        notices.push(`${node.name}`);
      });
    }
    expect(notices.filter((n) => n === 'warning').length).toBe(7);
    // Four experimental members in 0.18.19; the fourth, Directory.withPatchFile, is new since 0.18.16 and left out.
    expect(notices.filter((n) => n === 'note').length).toBe(3);
  });
});
