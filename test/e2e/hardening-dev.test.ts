/**
 * `docs dev` under a writer's hands, without a restart: a page with a syntax error (file:line in
 * the browser overlay and the terminal, cleared when fixed), a page deleted or renamed, a burst
 * of 100 saves, the sidebar kept or rendered anew, a new sidebar entry. One spawned dev server on
 * a fixture copy for the whole file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPILE_CACHE_DIR } from '../../renderer/compile-cache.ts';
import { fixtureCopy, ROOT } from '../helpers/site.ts';
import { connectBrowser, newContext } from './browser.ts';

const USAGE = fs.readFileSync(path.join(ROOT, 'test/fixtures/sites/basic/docs/guide/usage.md'), 'utf8');

describe('docs dev survives what a writer does', () => {
  let browser: Browser;
  let dev: ChildProcess;
  let url: string;
  let content: string;
  let log = '';
  const write = (file: string, text: string) => fs.writeFileSync(path.join(content, file), text);
  const get = async (p: string) => {
    const res = await fetch(url + p);
    return { status: res.status, text: await res.text() };
  };
  /** Polls until the page at `p` satisfies `ok` (the watcher debounces and re-parses). */
  const until = async (p: string, ok: (r: { status: number; text: string }) => boolean, ms = 20_000) => {
    const end = Date.now() + ms;
    let last: { status: number; text: string } | undefined;
    while (Date.now() < end) {
      last = await get(p);
      if (ok(last)) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${p} never got there; last status ${last?.status}\n${log.slice(-2000)}`);
  };

  beforeAll(async () => {
    content = fixtureCopy();
    dev = spawn(
      process.execPath,
      [path.join(ROOT, 'bin/docs.js'), '--root', ROOT, '--content', content, 'dev', '--port', '0'],
      { cwd: ROOT },
    );
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`docs dev did not start:\n${log}`)), 60_000);
      dev.stderr!.on('data', (c) => {
        log += c;
        const m = /dev server at (http:\/\/\S+)/.exec(log);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      dev.on('exit', (code) => reject(new Error(`docs dev exited ${code}:\n${log}`)));
    });
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (dev && dev.exitCode === null) dev.kill('SIGTERM');
    // The compiled pages docs dev cached for this throwaway content folder.
    fs.rmSync(
      path.join(
        DEFAULT_COMPILE_CACHE_DIR,
        crypto.createHash('sha1').update(path.resolve(content)).digest('hex').slice(0, 12),
      ),
      { recursive: true, force: true },
    );
  });

  it('a syntax error shows file:line in the overlay and the terminal; fixing it clears the overlay', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${url}/guide/usage`);
    expect(await page.textContent('h1')).toBe('Usage');
    const before = log.length;
    write('docs/guide/usage.md', '---\ntitle: [Usage\n---\n\nText.\n');
    const overlay = page.locator('#__dev-overlay');
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.textContent()).toMatch(/docs\/guide\/usage\.md:4:\d+: invalid frontmatter/);
    await expect.poll(() => log.slice(before)).toMatch(/docs\/guide\/usage\.md:4:\d+: invalid frontmatter/);
    // The last good page is still served meanwhile.
    expect((await get('/guide/usage')).status).toBe(200);
    // Saving another file re-reads everything: the same problem is reported the same way again.
    const count = () => log.slice(before).split('invalid frontmatter').length - 1;
    write('docs/other.md', fs.readFileSync(path.join(content, 'docs/other.md'), 'utf8') + '\nMore.\n');
    await expect.poll(count, { timeout: 20_000 }).toBe(2);
    expect(log.slice(before)).not.toContain('title: expected string');

    // A Markdown-level error: an unknown directive, with line and column.
    write('docs/guide/usage.md', USAGE.replace('## Topic 1', ':::warnin\nTypo.\n:::\n\n## Topic 1'));
    await expect
      .poll(async () => (await overlay.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/docs\/guide\/usage\.md:\d+:1: unknown directive ":::warnin"/);

    write('docs/guide/usage.md', USAGE.replace('title: Usage', 'title: Usage fixed'));
    await page.waitForSelector('h1:has-text("Usage fixed")', { timeout: 20_000 });
    expect(await page.locator('#__dev-overlay').count()).toBe(0);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('site.config.ts broken then fixed, and a save over a stated limit: overlay and terminal name the file; the next good save recovers', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${url}/guide/usage`);
    const overlay = page.locator('#__dev-overlay');
    const config = fs.readFileSync(path.join(content, 'site.config.ts'), 'utf8');
    const before = log.length;
    write('site.config.ts', `${config}\nexport const broken = {{;\n`);
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.textContent()).toMatch(/site\.config\.ts:\d+:\d+/);
    await expect.poll(() => log.slice(before)).toMatch(/site\.config\.ts:\d+:\d+/);
    expect(log.slice(before)).not.toMatch(/\n\s+at /);
    write('site.config.ts', config);
    await expect.poll(() => overlay.count(), { timeout: 20_000 }).toBe(0);
    expect((await get('/guide/usage')).status).toBe(200);

    // A line of 150,000 characters: the limit's problem at its line, then recovery.
    write('docs/guide/usage.md', `${USAGE}\n${'x'.repeat(150_000)}\n`);
    await expect
      .poll(async () => (await overlay.count()) && ((await overlay.textContent()) ?? ''), { timeout: 20_000 })
      .toMatch(/docs\/guide\/usage\.md:\d+:1: this line is 150,000 characters long/);
    write('docs/guide/usage.md', USAGE.replace('title: Usage', 'title: Usage again'));
    await page.waitForSelector('h1:has-text("Usage again")', { timeout: 20_000 });
    expect(await overlay.count()).toBe(0);
    write('docs/guide/usage.md', USAGE);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('a page added, renamed and deleted: routes follow without a restart', async () => {
    write('docs/extra.md', '---\ntitle: Extra\n---\n\nExtra page.\n');
    await until('/extra', (r) => r.status === 200 && r.text.includes('<h1>Extra</h1>'));
    fs.renameSync(path.join(content, 'docs/extra.md'), path.join(content, 'docs/extra-renamed.md'));
    await until('/extra-renamed', (r) => r.status === 200);
    const gone = await until('/extra', (r) => r.status === 404);
    expect(gone.text).toContain('Page Not Found');
    fs.rmSync(path.join(content, 'docs/extra-renamed.md'));
    await until('/extra-renamed', (r) => r.status === 404);
    // Deleting a page the sidebar names is a problem to fix, not a crash: error, then recovery.
    fs.rmSync(path.join(content, 'docs/guide/usage.md'));
    await expect
      .poll(() => log, { timeout: 20_000 })
      .toMatch(/sidebar "guide" names doc id "guide\/usage", which does not exist/);
    expect((await get('/guide')).status).toBe(200);
    write('docs/guide/usage.md', USAGE);
    await until('/guide/usage', (r) => r.status === 200 && r.text.includes('<h1>Usage</h1>'));
  });

  it('a burst of 100 saves: the server answers throughout and ends on the last save', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      write('docs/guide/usage.md', USAGE.replace('title: Usage', `title: Usage save ${i}`));
      if (i % 10 === 0) answers.push((await get('/guide')).status);
      await new Promise((r) => setTimeout(r, i % 3 === 0 ? 0 : 5));
    }
    expect(answers.every((s) => s === 200)).toBe(true);
    await until('/guide/usage', (r) => r.text.includes('<h1>Usage save 99</h1>'));
    // Settled: nothing still rebuilding behind it.
    await new Promise((r) => setTimeout(r, 500));
    expect((await get('/guide/usage')).text).toContain('<h1>Usage save 99</h1>');
    expect(dev.exitCode).toBeNull();
  });

  it('a Markdown save updates the open page in place: no reload, scroll position kept', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 400 } });
    const page = await context.newPage();
    const long = `${USAGE}\n${Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of a long page.`).join('\n\n')}\n`;
    write('docs/guide/usage.md', long);
    await until('/guide/usage', (r) => r.text.includes('Paragraph 59'));
    await page.goto(`${url}/guide/usage`);
    await page.evaluate(() => {
      (window as any).__sameDocument = true;
      scrollTo(0, 600);
    });
    write('docs/guide/usage.md', long.replace('Paragraph 0 of', 'Paragraph zero of'));
    await page.waitForSelector('text=Paragraph zero of a long page.', { timeout: 20_000 });
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(600);
    write('docs/guide/usage.md', USAGE);
    await context.close();
  });

  it("a save of a doc's text keeps the open page's sidebar as it is; a new sidebar label renders it anew", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${url}/guide/usage`);
    await page.evaluate(() => ((document.getElementById('sidebar') as any).__kept = true));
    write('docs/guide/usage.md', USAGE.replace('## Topic 1', 'Sidebar kept.\n\n## Topic 1'));
    await page.waitForSelector('text=Sidebar kept.', { timeout: 20_000 });
    expect(await page.evaluate(() => (document.getElementById('sidebar') as any).__kept)).toBe(true);
    write('docs/guide/usage.md', USAGE.replace('title: Usage', 'title: Usage\nsidebar_label: Using it'));
    await page.waitForSelector('.sidebar-link >> text=Using it', { timeout: 20_000 });
    expect(await page.evaluate(() => (document.getElementById('sidebar') as any).__kept)).toBeUndefined();
    write('docs/guide/usage.md', USAGE);
    await page.waitForSelector('.sidebar-link >> text="Usage"', { timeout: 20_000 });
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('a new sidebar entry appears in the open page without a restart', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${url}/guide`);
    write('docs/guide/faq.md', '---\ntitle: Frequently asked\nsidebar_label: FAQ\n---\n\n## Why\n\nBecause.\n');
    const sidebars = fs.readFileSync(path.join(content, 'sidebars.ts'), 'utf8');
    write('sidebars.ts', sidebars.replace("'guide/usage'", "'guide/usage', 'guide/faq'"));
    await page.waitForSelector('.sidebar-link >> text=FAQ', { timeout: 20_000 });
    await page.click('.sidebar-link >> text=FAQ');
    await page.waitForSelector('h1:has-text("Frequently asked")');
    expect(dev.exitCode).toBeNull();
    expect(log).not.toMatch(/\n\s+at /);
    await context.close();
  });
});
