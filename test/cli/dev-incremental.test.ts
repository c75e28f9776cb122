/**
 * `docs dev` updates only what a save affects (cli/dev/dev-site.ts), driven here as the watcher
 * drives it: `reloadSite` with the changed paths, on a copy of the basic fixture. What each look
 * did is read from the session (`lastUpdate`: its kind, the docs it compiled, the links it
 * checked), what the pages would show from the site it serves, and what they are told from the
 * live-reload events ('update:content': only docs' contents changed, the pages keep their sidebar).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reloadSite } from '../../cli/dev/rebuild.ts';
import { DevSession } from '../../cli/dev/session.ts';
import { DEFAULT_COMPILE_CACHE_DIR } from '../../renderer/compile-cache.ts';
import { renderRoute } from '../../renderer/render-route.tsx';
import { fixtureCopy, ROOT } from '../helpers/site.ts';

const ASSETS = { js: '/assets/x.js', css: '/assets/x.css', preload: [] };

describe('docs dev: a save updates what it affects', () => {
  let session: DevSession;
  let content: string;
  let events: string[];
  const file = (rel: string) => path.join(content, rel);
  const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');
  /** Writes (or with null removes) files, then looks at them as the watcher would. */
  const save = async (files: Record<string, string | null>) => {
    for (const [rel, text] of Object.entries(files)) {
      if (text === null) fs.rmSync(file(rel));
      else fs.writeFileSync(file(rel), text);
    }
    events = [];
    await reloadSite(session, false, Object.keys(files).map(file));
    return session.lastUpdate!;
  };
  const rename = async (from: string, to: string) => {
    fs.renameSync(file(from), file(to));
    events = [];
    await reloadSite(session, false, [file(from), file(to)]);
    return session.lastUpdate!;
  };
  const text = (route: string) => renderRoute(session.site!, route, ASSETS)?.data ?? '';

  beforeAll(async () => {
    content = fixtureCopy();
    session = new DevSession({ root: ROOT, contentDir: content, port: 0, host: '127.0.0.1' });
    const send = session.liveReload.send.bind(session.liveReload);
    vi.spyOn(session.liveReload, 'send').mockImplementation((event, data) => {
      events.push(event === 'update' && data ? `${event}:${data}` : event);
      send(event, data);
    });
    events = [];
    await reloadSite(session);
    expect(session.error).toBeUndefined();
  });
  afterAll(() => {
    session?.dispose();
    fs.rmSync(
      path.join(
        DEFAULT_COMPILE_CACHE_DIR,
        crypto.createHash('sha1').update(path.resolve(content)).digest('hex').slice(0, 12),
      ),
      { recursive: true, force: true },
    );
  });

  it('a save of one doc compiles that doc only and checks only its links', async () => {
    const usage = read('docs/guide/usage.md');
    const update = await save({ 'docs/guide/usage.md': usage.replace('## Topic 1', 'A new paragraph.\n\n## Topic 1') });
    expect(update).toMatchObject({ kind: 'docs', compiled: ['guide/usage.md'], linksChecked: 1, shellChanged: false });
    expect(text('/guide/usage')).toContain('A new paragraph.');
    expect(events).toEqual(['update:content']);
    // The same text again (an editor's second write) is nothing to do, and nothing is said.
    expect(await save({ 'docs/guide/usage.md': read('docs/guide/usage.md') })).toMatchObject({
      kind: 'none',
      compiled: [],
    });
    expect(events).toEqual([]);
    await save({ 'docs/guide/usage.md': usage });
  });

  it('a heading renamed: the links of other docs into its anchor are checked again and reported; renaming it back clears them', async () => {
    const usage = read('docs/guide/usage.md');
    const served = text('/guide/usage');
    const update = await save({ 'docs/guide/usage.md': usage.replaceAll('## Running it', '## Starting it') });
    // Only usage.md is compiled; its own links and guide/index.md's link into it are checked.
    expect(update).toMatchObject({ kind: 'docs', compiled: ['guide/usage.md'], linksChecked: 2 });
    expect(session.error).toMatch(
      /docs\/guide\/index\.md:6:\d+: broken anchor: #running-it does not exist on \/guide\/usage/,
    );
    expect(session.error).toMatch(
      /docs\/guide\/usage\.md:\d+:\d+: broken anchor: #running-it-1 does not exist on \/guide\/usage/,
    );
    expect(events).toEqual(['error-report']);
    expect(text('/guide/usage')).toBe(served); // the last good site is still served
    await save({ 'docs/guide/usage.md': usage });
    expect(session.error).toBeUndefined();
    expect(events).toEqual(['update:content']);
  });

  it('a page added, renamed and deleted: routes follow, and only what can change is compiled', async () => {
    const faq = '---\ntitle: FAQ\n---\n\nAsk [the guide](./index.md).\n';
    expect(await save({ 'docs/guide/faq.md': faq })).toMatchObject({ kind: 'routes', compiled: ['guide/faq.md'] });
    expect(text('/guide/faq')).toContain('Ask');
    expect(await rename('docs/guide/faq.md', 'docs/guide/questions.md')).toMatchObject({
      kind: 'routes',
      compiled: ['guide/questions.md'],
    });
    expect(session.site!.parsedByRoute.has('/guide/faq')).toBe(false);
    expect(text('/guide/questions')).toContain('Ask');
    expect(await save({ 'docs/guide/questions.md': null })).toMatchObject({ kind: 'routes', compiled: [] });
    expect(session.site!.parsedByRoute.has('/guide/questions')).toBe(false);
    expect(session.error).toBeUndefined();
  });

  it('a page the sidebar lists and another links to is renamed: both problems are reported, and the linking doc is compiled again', async () => {
    const update = await rename('docs/guide/install.md', 'docs/guide/setup.md');
    // guide/index.md links to ./install.md: its link now leads nowhere. usage.md and other.md are kept.
    expect(update).toMatchObject({ kind: 'routes', compiled: ['guide/index.md', 'guide/setup.md'] });
    expect(session.error).toMatch(/sidebar "guide" names doc id "guide\/install", which does not exist/);
    expect(session.error).toMatch(
      /docs\/guide\/index\.md:6:\d+: broken link: \.\/install\.md \(no such doc: content\/docs\/guide\/install\.md\)/,
    );
    await rename('docs/guide/setup.md', 'docs/guide/install.md');
    expect(session.error).toBeUndefined();
    // install.md, as it was before, comes from the compile cache.
    expect(session.lastUpdate!.compiled).toEqual(['guide/index.md']);
  });

  it('frontmatter other pages show (the sidebar label) makes the sidebars again; the new label is in every page of that sidebar', async () => {
    const usage = read('docs/guide/usage.md');
    const update = await save({
      'docs/guide/usage.md': usage.replace('title: Usage', 'title: Usage\nsidebar_label: How to use'),
    });
    expect(update).toMatchObject({ kind: 'routes', compiled: ['guide/usage.md'], shellChanged: false });
    expect(text('/guide/install')).toContain('How to use');
    expect(events).toEqual(['update']);
    await save({ 'docs/guide/usage.md': usage });
    expect(text('/guide/install')).not.toContain('How to use');
  });

  it('a broken frontmatter is reported at its line while the last good page is served; the next good save recovers', async () => {
    const usage = read('docs/guide/usage.md');
    await save({ 'docs/guide/usage.md': usage.replace('title: Usage', 'title: [Usage') });
    expect(session.error).toMatch(/docs\/guide\/usage\.md:\d+:\d+: invalid frontmatter/);
    expect(session.site!.parsedByRoute.has('/guide/usage')).toBe(true);
    // Another doc's save reports the problem again.
    await save({ 'docs/other.md': `${read('docs/other.md')}\nMore.\n` });
    expect(events).toEqual(['error-report']);
    expect(session.error).toMatch(/invalid frontmatter/);
    await save({ 'docs/guide/usage.md': usage });
    expect(session.error).toBeUndefined();
    expect(events).toEqual(['update']);
  });

  it('sidebars.ts: the site code is read again and the open pages update in place (the sidebar is in the swapped region)', async () => {
    const sidebars = read('sidebars.ts');
    const update = await save({ 'sidebars.ts': sidebars.replace("label: 'Guide'", "label: 'Handbook'") });
    expect(update).toMatchObject({ kind: 'code', compiled: [], shellChanged: false });
    expect(text('/guide/usage')).toContain('Handbook');
    expect(events).toEqual(['update']);
    // Another event for the file as it is (the watcher's second look): its code is not read again.
    await reloadSite(session, false, [file('sidebars.ts')]);
    expect(session.lastUpdate).toMatchObject({ kind: 'none' });
    await save({ 'sidebars.ts': sidebars });
  });

  it('site.config.ts: a change of what surrounds the region reloads the open pages', async () => {
    const config = read('site.config.ts');
    const update = await save({
      'site.config.ts': config.replace(
        "footer: { copyright: '© Fixture'",
        "footer: { copyright: '© Fixture and friends'",
      ),
    });
    expect(update).toMatchObject({ kind: 'code', compiled: [], shellChanged: true });
    expect(renderRoute(session.site!, '/guide/usage', ASSETS)!.html).toContain('© Fixture and friends');
    expect(events).toEqual(['reload']);
    // A broken config is reported; the shell change is owed to the pages until the config is good again.
    await save({ 'site.config.ts': config.replace("baseUrl: '/',", 'baseUrl: 42,') });
    expect(events).toEqual(['error-report']);
    await save({ 'site.config.ts': config });
    expect(events).toEqual(['reload']);
    expect(session.error).toBeUndefined();
  });

  it('redirects.txt: read again with the routes, the open pages update in place', async () => {
    const update = await save({ 'redirects.txt': '/old-usage  /guide/usage\n' });
    expect(update).toMatchObject({ kind: 'code', compiled: [], shellChanged: false });
    expect(session.site!.redirects).toEqual([expect.objectContaining({ from: '/old-usage', to: '/guide/usage' })]);
    expect(events).toEqual(['update']);
    await save({ 'redirects.txt': '/old-usage  /guide/nowhere\n' });
    expect(session.error).toMatch(/redirects\.txt:1/);
    await save({ 'redirects.txt': null });
    expect(session.error).toBeUndefined();
  });

  it('an image added under static/: the docs that name it are compiled again, and its "file not found" clears', async () => {
    const other = read('docs/other.md');
    await save({ 'docs/other.md': `${other}\n![New](/img/new.svg)\n` });
    expect(session.error).toMatch(/docs\/other\.md:\d+:\d+: file not found: \/img\/new\.svg/);
    const update = await save({ 'static/img/new.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    expect(update).toMatchObject({ kind: 'routes', compiled: ['other.md'] });
    expect(session.error).toBeUndefined();
    await save({ 'docs/other.md': other, 'static/img/new.svg': null });
  });

  it("editors' scratch files beside a doc are not content", async () => {
    const usage = read('docs/guide/usage.md');
    const update = await save({
      'docs/guide/4913': '',
      'docs/guide/usage.md~': usage,
      'docs/guide/usage.md': usage.replace('## Topic 2', 'Scratch test.\n\n## Topic 2'),
    });
    expect(update).toMatchObject({ kind: 'docs', compiled: ['guide/usage.md'] });
    await save({ 'docs/guide/4913': null, 'docs/guide/usage.md~': null, 'docs/guide/usage.md': usage });
  });
});
