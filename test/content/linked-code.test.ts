import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeLinksFor } from '../../content/plugins/linked-code/index.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { ROOT, tempOut } from '../helpers/site.ts';

// Linked code on the real site (content/plugins/linked-code/, the linked-code plugin of site.config.ts):
// API names in real code samples link to their entry in the SDK reference, asserted on the built
// HTML; what does not resolve stays plain; every link lands on a page and heading that exist.

const CLASSES = '/reference/typescript/api/client.gen/classes';

/** The code blocks of a built page in `lang`, each as its linked names (`text → href`, classes' prefix dropped). */
function linkedNames(out: string, route: string, lang: string): string[][] {
  const html = fs.readFileSync(path.join(out, route, 'index.html'), 'utf8');
  return [...html.matchAll(new RegExp(`data-lang="${lang}">[\\s\\S]*?</pre>`, 'g'))].map((block) =>
    [...block[0].matchAll(/<a class="code-link" href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(
      (m) =>
        `${m[2].replace(/<span class="tip"[^>]*>[^<]*<\/span>/, '').replace(/<[^>]+>/g, '')} → ${m[1].replace(`${CLASSES}/`, '')}`,
    ),
  );
}

/** The first block of `lang` on the page that links all of `expected`, in that order among its links. */
function expectBlockLinking(out: string, route: string, lang: string, expected: string[]) {
  const blocks = linkedNames(out, route, lang);
  const match = blocks.find((links) => {
    let i = 0;
    for (const link of links) if (link === expected[i]) i++;
    return i === expected.length;
  });
  expect(
    match,
    `${route}: no ${lang} block links ${expected.join(', ')}; blocks link:\n${blocks.map((b) => b.join(', ')).join('\n')}`,
  ).toBeDefined();
}

describe('linked code on the real site', () => {
  let out: string;
  beforeAll(async () => {
    out = tempOut();
    await buildRealSite(out);
  }, 300_000);

  it('links chains on dag, stated types and their functions in Go, Python, TypeScript and PHP (cookbook/builds)', () => {
    expectBlockLinking(out, 'cookbook/builds', 'go', [
      'Directory → Directory',
      'Container → Container',
      'Container → Client#container',
      'From → Container#from',
      'WithDirectory → Container#withdirectory',
    ]);
    expectBlockLinking(out, 'cookbook/builds', 'python', [
      'Directory → Directory',
      'container → Client#container',
      'from_ → Container#from',
      'with_directory → Container#withdirectory',
      'with_workdir → Container#withworkdir',
    ]);
    expectBlockLinking(out, 'cookbook/builds', 'typescript', [
      'Directory → Directory',
      'container → Client#container',
      'from → Container#from',
      'withDirectory → Container#withdirectory',
    ]);
    expectBlockLinking(out, 'cookbook/builds', 'php', [
      'Directory → Directory',
      'container → Client#container',
      'from → Container#from',
      'withDirectory → Container#withdirectory',
    ]);
  });

  it('links a Java parameter type (extending/arguments)', () => {
    expectBlockLinking(out, 'extending/arguments', 'java', ['Directory → Directory']);
  });

  it('links the functions of a dagger core chain, and of Dagger Shell pipelines', () => {
    expectBlockLinking(out, 'extending/cache-volumes', 'bash', [
      'container → Client#container',
      'from → Container#from',
      'with-directory → Container#withdirectory',
      'with-mounted-cache → Container#withmountedcache',
      'with-exec → Container#withexec',
      'stdout → Container#stdout',
    ]);
    expectBlockLinking(out, 'cookbook/errors', 'shell', [
      'git → Client#git',
      'head → GitRepository#head',
      'tree → GitRef#tree',
      'terminal → Directory#terminal',
    ]);
  });

  it("leaves a module's functions plain: their type is not the core API's (extending/module-dependencies)", () => {
    const html = fs.readFileSync(path.join(out, 'extending/module-dependencies/index.html'), 'utf8');
    const go = /data-lang="go">[\s\S]*?<\/pre>/.exec(html)![0];
    expect(go.replace(/<span[^>]*>|<\/span>/g, '')).toContain('return dag.Hello().Hello(ctx)');
    expect(linkedNames(out, 'extending/module-dependencies', 'go')[0]).toEqual([]);
  });

  it('links every name to a page of the site and a heading on it', () => {
    const ids = new Map<string, Set<string>>();
    const idsOf = (route: string) => {
      if (!ids.has(route)) {
        const file = path.join(out, route, 'index.html');
        expect(fs.existsSync(file), `${route} is not a page`).toBe(true);
        ids.set(route, new Set([...fs.readFileSync(file, 'utf8').matchAll(/ id="([^"]+)"/g)].map((m) => m[1])));
      }
      return ids.get(route)!;
    };
    let links = 0;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name === 'index.html') {
          for (const m of fs
            .readFileSync(file, 'utf8')
            .matchAll(/<a class="code-link" href="([^"#]+)(?:#([^"]+))?"/g)) {
            links++;
            const found = idsOf(m[1]);
            if (m[2])
              expect(found.has(decodeURIComponent(m[2])), `${path.relative(out, file)}: ${m[1]}#${m[2]}`).toBe(true);
          }
        }
      }
    };
    walk(out);
    // Thousands on this site; far fewer would mean the resolver stopped finding names.
    expect(links).toBeGreaterThan(3000);
  });
});

describe('the linked-code resolver (content/plugins/linked-code/)', async () => {
  // The files site.config.ts gives the plugin.
  const linkedCode = codeLinksFor({
    exclude: path.join(ROOT, 'content/data/api-absent-in-0.18.16.json'),
    cli: path.join(ROOT, 'content/data/cli.yaml'),
  });
  const linker = await linkedCode.create({ hasRoute: (route) => route.startsWith(CLASSES) });
  const linked = (lang: string, code: string) =>
    linker
      .links({ lang, grammar: lang, meta: '', code })
      .map(
        (l) => `${code.slice(l.start, l.end)} → ${l.route.replace(`${CLASSES}/`, '')}${l.anchor ? `#${l.anchor}` : ''}`,
      );

  it('leaves unknown names, typos and names the documented version lacks plain', () => {
    expect(linked('go', 'dag.Container().Frm("alpine").Stdout(ctx)')).toEqual(['Container → Client#container']);
    // Container.combinedOutput is in SDK 0.18.19, not in Dagger 0.18.16: the reference leaves it out.
    expect(linked('typescript', 'dag.container().from("alpine").combinedOutput()')).toEqual([
      'container → Client#container',
      'from → Container#from',
    ]);
    expect(linked('shell', 'container | from alpine | no-such-function | stdout')).toEqual([
      'container → Client#container',
      'from → Container#from',
    ]);
  });

  it('links only to routes the site has', async () => {
    const none = await linkedCode.create({ hasRoute: () => false });
    expect(none.links({ lang: 'go', grammar: 'go', meta: '', code: 'dag.Container()' })).toEqual([]);
  });

  it('skips blocks marked no-audit (wrong on purpose)', () => {
    expect(linker.links({ lang: 'go', grammar: 'go', meta: 'no-audit', code: 'dag.Container()' })).toEqual([]);
  });
});
