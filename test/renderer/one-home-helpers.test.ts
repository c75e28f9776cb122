import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { escapeAttribute, escapeText, unescapeText } from '../../theme/shared/escape.ts';
import { trimRoute, withBase } from '../../theme/shared/routes.ts';
import { codeScheme, leavesSite } from '../../theme/shared/url-kinds.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

describe('small helpers with one home', () => {
  it('escapes text and attributes, and reads escaped text back', () => {
    expect(escapeText('a < b & "c" > d')).toBe('a &lt; b &amp; "c" &gt; d');
    expect(escapeAttribute('say "<hi>" & go')).toBe('say &quot;&lt;hi&gt;&quot; &amp; go');
    expect(unescapeText(escapeText('<img src=x onerror=alert(1)> & co'))).toBe('<img src=x onerror=alert(1)> & co');
  });

  it('tells addresses that leave the site from site paths', () => {
    for (const url of [
      'https://example.com',
      'HTTP://x',
      'mailto:docs@example.com',
      'tel:+100',
      '//cdn.example.com/a.js',
    ])
      expect(leavesSite(url), url).toBe(true);
    for (const url of ['/guide', 'guide/install', '#anchor', '../up', 'a/b/c'])
      expect(leavesSite(url), url).toBe(false);
    expect(withBase('/docs/', 'mailto:docs@example.com')).toBe('mailto:docs@example.com');
    expect(withBase('/docs/', '/guide')).toBe('/docs/guide');
  });

  it('finds the schemes that run code, as browsers read them', () => {
    expect(codeScheme('javascript:alert(1)')).toBe('javascript');
    expect(codeScheme(' JaVa\tScRiPt:alert(1)')).toBe('javascript');
    expect(codeScheme('vbscript:x')).toBe('vbscript');
    expect(codeScheme('data:text/html,<script>')).toBe('data');
    expect(codeScheme('data:image/png;base64,AA', true)).toBeUndefined();
    expect(codeScheme('data:image/png;base64,AA')).toBe('data');
    expect(codeScheme('https://example.com/javascript:')).toBeUndefined();
  });

  it('trims trailing slashes from routes, the root staying /', () => {
    expect(['/api/', '/api//', '/api', '/', '', '//'].map(trimRoute)).toEqual(['/api', '/api', '/api', '/', '/', '/']);
  });

  it('a sidebar link to mailto: is external, not a missing page', async () => {
    const sidebars = fs
      .readFileSync(path.join(ROOT, 'test/fixtures/sites/basic/sidebars.ts'), 'utf8')
      .replace(
        "{ type: 'link', label: 'External', href: 'https://example.com/ext' },",
        "$&\n    { type: 'link', label: 'Write to us', href: 'mailto:docs@example.com' },",
      );
    expect(sidebars).toContain('mailto:');
    const out = tempOut();
    await buildSite({ root: ROOT, contentDir: fixtureCopy({ 'sidebars.ts': sidebars }), outDir: out });
    expect(fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8')).toMatch(
      /<a [^>]*href="mailto:docs@example.com"/,
    );
  });
});
