import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStaticServer, listen, readHeadersFile } from '../../cli/static-server.ts';
import { buildSite } from '../../renderer/build-site.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';
import { connectBrowser, newContext } from './browser.ts';

/** Collects CSP violations from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    (window as any).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as any).__violations);
}

const opened = async (page: Page) =>
  (await page.locator('.medium-zoom-image--opened').count()) + (await page.locator('.medium-zoom-overlay').count());

describe('pictures and videos in the browser', () => {
  let browser: Browser;
  let videoSite: string;
  let server: http.Server;

  beforeAll(async () => {
    // The fixture site plus a page with a real clip (a 1.2 KB VP8 WebM recorded by Chromium),
    // a poster and captions, served with the CSP the build writes.
    const dir = fixtureCopy({
      'docs/guide/video.md':
        '---\ntitle: Video\n---\n\nA demo follows.\n\n::video{src="/media/clip.webm" poster="/media/poster.png" captions="/media/clip.vtt" title="A clip that changes colour"}\n',
    });
    fs.mkdirSync(path.join(dir, 'static/media'), { recursive: true });
    for (const f of ['clip.webm', 'poster.png', 'clip.vtt'])
      fs.copyFileSync(path.join(ROOT, 'test/fixtures/media', f), path.join(dir, 'static/media', f));
    const out = tempOut();
    await buildSite({ root: ROOT, contentDir: dir, outDir: out, env: {} });
    const headers = readHeadersFile(out);
    server = createStaticServer({ dir: () => out, headers });
    videoSite = await listen(server, 0, '127.0.0.1');
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('a video has controls, no autoplay, loads nothing before play, shows its poster and captions, and plays under the CSP', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await watchCsp(page);
    const media: string[] = [];
    page.on('request', (r) => {
      if (/\/media\/clip\.(webm|vtt)/.test(r.url())) media.push(new URL(r.url()).pathname);
    });
    const response = await page.goto(`${videoSite}/guide/video`);
    expect(response?.headers()['content-security-policy']).toContain("media-src 'self'");
    const video = page.locator('figure.video video');
    await video.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      controls: v.controls,
      autoplay: v.autoplay || v.hasAttribute('autoplay'),
      paused: v.paused,
      preload: v.preload,
      poster: new URL(v.poster).pathname,
      name: v.getAttribute('aria-label'),
      width: Math.round(v.getBoundingClientRect().width),
      column: Math.round(v.closest('.markdown')!.getBoundingClientRect().width),
      tracks: [...v.querySelectorAll('track')].map((t) => ({
        kind: t.kind,
        srclang: t.srclang,
        label: t.label,
        default: t.default,
      })),
    }));
    expect(state).toMatchObject({
      controls: true,
      autoplay: false,
      paused: true,
      preload: 'none',
      poster: '/media/poster.png',
      name: 'A clip that changes colour',
    });
    expect(state.tracks).toEqual([{ kind: 'captions', srclang: 'en', label: 'English', default: true }]);
    expect(state.width).toBe(state.column); // width 100%
    expect(await page.locator('figure.video figcaption').textContent()).toBe('A clip that changes colour');
    // preload="none": the clip is not fetched until the reader asks for it.
    expect(media.filter((m) => m.endsWith('.webm'))).toEqual([]);
    await video.click(); // a user gesture, which playback needs
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(
      () => (document.querySelector('figure.video video') as HTMLVideoElement).currentTime > 0,
      undefined,
      { timeout: 5000 },
    );
    const track = await video.evaluate(async (v: HTMLVideoElement) => {
      const t = v.querySelector('track')!;
      if (t.readyState !== 2) await new Promise((r) => t.addEventListener('load', r, { once: true }));
      return { mode: v.textTracks[0].mode, cues: [...(v.textTracks[0].cues ?? [])].map((c) => (c as VTTCue).text) };
    });
    expect(track).toEqual({ mode: 'showing', cues: ['A clip that changes colour.'] });
    expect(media).toContain('/media/clip.webm');
    expect(await violations()).toEqual([]);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it.skipIf(!inject('siteUrl'))(
    'real pages: every picture loads; one zooms on click and closes with Escape, with no CSP violation',
    async () => {
      const site = inject('siteUrl');
      const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const violations = await watchCsp(page);
      const pictures: Record<string, string> = {
        '/getting-started/quickstarts/basics': '/img/quickstarts/dagger-call-v-message.svg',
        '/getting-started/quickstarts/ci': '/img/quickstarts/dagger-call-publish.svg',
        '/extending/modules': '/img/extending/module-layout.svg',
        '/reference': '/img/reference/engine-and-runtime.svg',
      };
      for (const [route, src] of Object.entries(pictures)) {
        await page.goto(site + route);
        const img = page.locator(`.markdown img[src="${src}"]`);
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { message: route })
          .toBe(true);
        expect((await img.getAttribute('alt'))!.length, route).toBeGreaterThan(60);
      }
      await page.goto(`${site}/getting-started/quickstarts/basics`);
      const img = page.locator('.markdown img[src="/img/quickstarts/dagger-call-v-message.svg"]');
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete)).toBe(true);
      const before = await img.boundingBox();
      await img.click();
      await expect.poll(() => opened(page)).toBeGreaterThan(0);
      await page.waitForTimeout(400); // the 300 ms opening transition
      // Zoomed: the picture is drawn larger than in the column.
      const zoomed = await page
        .locator('.medium-zoom-image--opened')
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(zoomed).toBeGreaterThan(before!.width * 1.1);
      await page.keyboard.press('Escape');
      await expect.poll(() => opened(page)).toBe(0);
      expect(await violations()).toEqual([]);
      expect(context.errors).toEqual([]);
      await context.close();
    },
  );
});
