import { describe, expect, it } from 'vitest';
import { checkRedirects } from '../../renderer/redirects/validate.ts';
import { findRedirect, parseRedirects, redirectFor, withQuery } from '../../theme/shared/redirects.ts';

const PAGES = new Set(['/', '/new', '/guide', '/guide/usage', '/docs']);
const check = (text: string) => checkRedirects(text, 'content/redirects.txt', (r) => PAGES.has(r));
/** `line: message` of each problem, for compact assertions. */
const problems = (text: string) => check(text).problems.map((p) => `${p.line}: ${p.message}`);

describe('redirects file: problems name their line', () => {
  it('accepts comments, blank lines, exact and splat rules, anchors, URLs and the four statuses', () => {
    const text = [
      '# old paths',
      '',
      '/old  /new',
      '/older/  /guide#setup  302',
      '/a/*  /docs/:splat  307',
      '/b/*  https://archive.example.com/:splat  308',
      '/c  https://example.com/x  # why',
    ].join('\n');
    const result = check(text);
    expect(result.problems).toEqual([]);
    expect(result.rules.map((r) => [r.path, r.splat, r.status, r.line])).toEqual([
      ['/old', false, 301, 3],
      ['/older', false, 302, 4],
      ['/a', true, 307, 5],
      ['/b', true, 308, 6],
      ['/c', false, 301, 7],
    ]);
  });

  it('malformed lines: a missing target, a bad status, extra words, a bad source or target', () => {
    expect(
      problems(
        [
          '/x',
          '/y /new 200',
          '/z /new 301 Country=fr',
          'old /new',
          '/w new-page',
          '/p/*/q /new',
          '/q /new/:splat',
        ].join('\n'),
      ),
    ).toEqual([
      '1: redirect from /x has no target',
      '2: status "200" is not a redirect status',
      '3: unexpected "Country=fr" after the status',
      '4: source "old" is not a path',
      '5: target "new-page" is neither a path nor an http(s) URL',
      '6: source "/p/*/q" has a "*" that is not a final "/*"',
      '7: target "/new/:splat" uses :splat but the source has no "/*"',
    ]);
    expect(check('/y /new 200').problems[0]).toMatchObject({
      file: 'content/redirects.txt',
      line: 1,
      hint: expect.stringContaining('301, 302, 307, 308'),
    });
  });

  it('a target that is not a page, and a splat target not below a page', () => {
    expect(problems('\n/x /nowhere\n/y/* /nowhere/:splat')).toEqual([
      '2: target /nowhere is not a page of this site',
      '3: target /nowhere/:splat is not below a page: /nowhere is not a route of this site',
    ]);
  });

  it('a duplicate source, trailing slash or not', () => {
    expect(problems('/x /new\n/x/ /guide')).toEqual(['2: duplicate redirect source /x/ (line 1 already redirects it)']);
  });

  it('a rule a page shadows', () => {
    expect(problems('/guide/usage/ /new')).toEqual([
      '1: redirect from /guide/usage/ never applies: /guide/usage is a page of this site',
    ]);
  });

  it('a chain names the rule it goes through and where to point instead', () => {
    const result = check('/a /b\n/b /c\n/c /new\n/d/* /c');
    expect(result.problems.map((p) => [p.line, p.message, p.hint])).toEqual([
      [
        1,
        'redirect chain: target /b is itself redirected by line 2 (/b → /c)',
        expect.stringContaining('Point this rule at /new directly'),
      ],
      [
        2,
        'redirect chain: target /c is itself redirected by line 3 (/c → /new)',
        expect.stringContaining('at /new directly'),
      ],
      [
        4,
        'redirect chain: target /c is itself redirected by line 3 (/c → /new)',
        expect.stringContaining('at /new directly'),
      ],
    ]);
    expect(result.rules.map((r) => r.from)).toEqual(['/c']);
  });

  it('a loop, of one rule or several', () => {
    expect(problems('/a /a')).toEqual(['1: redirect loop: /a → /a leads back to itself (through line 1)']);
    expect(problems('/a /b\n/b /a/')).toEqual([
      '1: redirect loop: /a → /b leads back to itself (through line 2)',
      '2: redirect loop: /b → /a/ leads back to itself (through line 1)',
    ]);
    expect(problems('/a/* /a/x')).toEqual(['1: redirect loop: /a/* → /a/x leads back to itself (through line 1)']);
  });
});

describe('redirect matcher (theme/shared/redirects.ts)', () => {
  const { rules } = parseRedirects(
    [
      '/sdk/*  https://archive.example.com/sdk/:splat',
      '/sdk/go/old  /new',
      '/api/  /guide',
      '/moved  /guide#setup  302',
    ].join('\n'),
  );

  it('matches exact paths with or without the trailing slash', () => {
    expect(findRedirect(rules, '/api')?.rule.line).toBe(3);
    expect(findRedirect(rules, '/api/')?.rule.line).toBe(3);
    expect(findRedirect(rules, '/api/more')).toBeUndefined();
    expect(findRedirect(rules, '/elsewhere')).toBeUndefined();
  });

  it('prefers an exact rule to a splat above it, fills :splat with what the splat matched', () => {
    expect(redirectFor(rules, '/sdk/go/old', '')?.location).toBe('/new');
    expect(redirectFor(rules, '/sdk/python/guides/x/', '')?.location).toBe(
      'https://archive.example.com/sdk/python/guides/x',
    );
    expect(redirectFor(rules, '/sdk', '')?.location).toBe('https://archive.example.com/sdk/');
    expect(findRedirect(rules, '/sdkfoo')).toBeUndefined();
  });

  it('keeps the query (before the target anchor), the status, and puts the base URL in front of local targets', () => {
    expect(redirectFor(rules, '/moved', 'sdk=go')).toMatchObject({ status: 302, location: '/guide?sdk=go#setup' });
    expect(redirectFor(rules, '/api', '?a=1&b=2', (r) => `/docs${r}`)?.location).toBe('/docs/guide?a=1&b=2');
    expect(redirectFor(rules, '/sdk/x', 'q=1', (r) => `/docs${r}`)?.location).toBe(
      'https://archive.example.com/sdk/x?q=1',
    );
    expect(withQuery('/a?x=1#h', '?y=2')).toBe('/a?x=1&y=2#h');
  });
});
