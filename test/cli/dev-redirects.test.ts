import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevFixture } from '../helpers/dev-fixture.ts';

describe('docs dev answers redirects (content/redirects.txt, base URL /docs/) and static files', () => {
  let dev: Awaited<ReturnType<typeof startDevFixture>>;
  let url: string;
  beforeAll(async () => {
    dev = await startDevFixture({
      'redirects.txt': '/old/  /guide#first-section\n/legacy/*  /guide/:splat  308\n',
      'static/media/clip.mp4': '0123456789',
    });
    url = dev.url;
  });
  afterAll(() => dev?.close());
  const get = (p: string) => fetch(url + p, { redirect: 'manual' });

  it('exact and splat rules, the query kept, the base URL in front', async () => {
    const old = await get('/docs/old?sdk=go');
    expect([old.status, old.headers.get('location')]).toEqual([301, '/docs/guide?sdk=go#first-section']);
    const splat = await get('/docs/legacy/usage');
    expect([splat.status, splat.headers.get('location')]).toEqual([308, '/docs/guide/usage']);
  });

  it('pages first, then 404 for what no rule answers', async () => {
    expect((await get('/docs/guide')).status).toBe(200);
    expect((await get('/docs/nope')).status).toBe(404);
  });

  it('serves content/static files as docs serve does: MIME type, byte ranges for video, never cached', async () => {
    const whole = await get('/docs/media/clip.mp4');
    expect([
      whole.status,
      whole.headers.get('content-type'),
      whole.headers.get('cache-control'),
      await whole.text(),
    ]).toEqual([200, 'video/mp4', 'no-store', '0123456789']);
    const part = await fetch(`${url}/docs/media/clip.mp4`, { headers: { Range: 'bytes=2-5' } });
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([206, 'bytes 2-5/10', '2345']);
  });
});
