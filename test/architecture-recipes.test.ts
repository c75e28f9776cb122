/**
 * The "How to add …" recipes of ARCHITECTURE.md, each done on a copy of the basic fixture, so the
 * map for newcomers stays true. (Adding a directive is done in test/renderer/directive-registry.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../renderer/build-site.ts';
import * as enXA from '../theme/shared/texts/en-XA.ts';
import { FIXTURE, fixtureCopy, ROOT, tempOut } from './helpers/site.ts';

const baseConfig = fs.readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8');

/** The fixture's config with `insert` added right after the given key's opening line. */
function configWith(after: string, insert: string): string {
  if (!baseConfig.includes(after)) throw new Error(`fixture config has no "${after}"`);
  return baseConfig.replace(after, `${after}\n${insert}`);
}

const scriptsOf = (html: string) =>
  [...html.matchAll(/<script[^>]*src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);

describe('ARCHITECTURE.md recipes, done on the basic fixture', () => {
  let out: string;
  const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');

  beforeAll(async () => {
    out = tempOut();
    const contentDir = fixtureCopy({
      // Recipe "a component": a React component in its own module, used by a custom page.
      'components/ReleaseTable.tsx': `export function ReleaseTable({ releases }: { releases: { version: string; date: string }[] }) {
  return <table className="release-table"><tbody>{releases.map((r) => <tr key={r.version}><td>{r.version}</td><td>{r.date}</td></tr>)}</tbody></table>;
}
`,
      'pages/releases.tsx': `import { ReleaseTable } from '../components/ReleaseTable.tsx';
export const meta = { title: 'Releases', description: 'Every release of the widget.' };
export default function Releases() {
  return <div><h1>Releases</h1><ReleaseTable releases={[{ version: '1.2.3', date: '2026-11-01' }, { version: '1.2.2', date: '2026-10-01' }]} /></div>;
}
`,
      // Recipe "a navbar item" and recipe "a locale", in the site's configuration.
      'site.config.ts': configWith(
        "      { label: 'Other', to: '/other' },",
        "      { label: 'Releases', to: '/releases' },",
      ).replace("  baseUrl: '/',", "  baseUrl: '/',\n  locales: { default: 'en-XA', all: ['en-XA'] },"),
    });
    await buildSite({ root: ROOT, contentDir, outDir: out });
  });

  it('a component: rendered into static HTML, with no JavaScript of its own', () => {
    const html = read('releases/index.html');
    expect(html).toMatch(/<table class="release-table"><tbody><tr><td>1\.2\.3<\/td><td>2026-11-01<\/td><\/tr>/);
    expect(html).toContain('<title>Releases');
    // The page loads exactly the scripts every other page loads.
    expect(scriptsOf(html).length).toBeGreaterThan(0);
    expect(scriptsOf(html)).toEqual(scriptsOf(read('guide/index.html')));
  });

  it('a navbar item: on every page, current on its own route only', () => {
    for (const file of ['guide/index.html', 'other/index.html', 'releases/index.html']) {
      expect(read(file), file).toMatch(
        /<a class="navbar-link" href="\/releases" data-to="\/releases"[^>]*>Releases<\/a>/,
      );
    }
    expect(read('releases/index.html')).toMatch(/href="\/releases" data-to="\/releases"[^>]*aria-current="page"/);
    expect(read('guide/index.html')).not.toMatch(/href="\/releases" data-to="\/releases"[^>]*aria-current/);
  });

  it('a locale: the language of every page, its Open Graph locale, its search records and its words', () => {
    // en-XA is the pseudo-locale (theme/shared/texts/en-XA.ts); a real one is a file of the same form.
    expect(read('guide/install/index.html')).toMatch(/^<!doctype html>\s*<html lang="en-XA" dir="ltr"/i);
    expect(read('guide/install/index.html')).toContain('<meta property="og:locale" content="en-XA">');
    expect(read('guide/install/index.html')).toContain(`>${enXA.onThisPage}<`);
    const records = JSON.parse(read('search/records.json')) as { language: string }[];
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.language))).toEqual(new Set(['en-XA']));
  });
});
