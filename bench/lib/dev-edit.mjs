// Edit-to-browser latency of `docs dev`: a page is open in Chromium; we write one Markdown file
// and time until the page shows the new text (swapped in place by the client router, or after a
// reload). The end point is the frame that paints the new text (in the page: a MutationObserver
// sees it in #page, then requestAnimationFrame and a task after it, on the same wall clock as
// this process); the moment Playwright's 5 ms polling saw the text is recorded too, as an upper
// bound. The file is restored afterwards (unless someone else changed it meanwhile).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { launchBrowser } from './browser.mjs';
import { freePort, median, sleep } from './util.mjs';

const now = () => performance.timeOrigin + performance.now();

function waitForLine(lines, re, child, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`docs dev: no "${re}" within ${timeoutMs} ms:\n${lines.join('')}`)), timeoutMs);
    const check = () => {
      const hit = lines.find((l) => re.test(l));
      if (hit) {
        clearTimeout(timer);
        resolve(hit);
      }
    };
    child.stderr.on('data', check);
    child.stdout.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`docs dev exited with ${code}:\n${lines.join('')}`));
    });
    check();
  });
}

/**
 * @param {{ root: string, file: string, route: string, edits: number, cleanups: Array<() => void> }} opts
 */
export async function devEditToBrowser({ root, file, route, edits, cleanups }) {
  const original = fs.readFileSync(file, 'utf8');
  const end = /^---\n[\s\S]*?\n---\n/.exec(original);
  if (!end) throw new Error(`${file} has no frontmatter to insert after`);
  const port = await freePort();
  const env = { ...process.env };
  delete env.NODE_ENV;
  const started = now();
  const child = spawn(process.execPath, ['bin/docs.js', 'dev', '--port', String(port)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const collect = (d) => lines.push(String(d));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let lastWritten;
  const restore = () => {
    if (lastWritten === undefined) return;
    const current = fs.readFileSync(file, 'utf8');
    if (current === lastWritten) fs.writeFileSync(file, original);
    else console.warn(`bench: ${file} was changed by someone else during the dev measurement; left as it is`);
    lastWritten = undefined;
  };
  const stop = () => {
    restore();
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  cleanups.push(stop);
  let browser;
  try {
    await waitForLine(lines, /dev server at/, child, 180_000);
    const startupMs = now() - started;
    browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // In the page (it survives a reload, as sessionStorage does): the moment the new text is in
    // #page, then the end of the frame that paints it (rAF, then a task after the paint); and the
    // moment the page heard of the change (the router's refresh event, or a new document).
    await page.addInitScript(() => {
      window.__bench = { signal: null, shown: null, inPlace: null };
      const wall = () => performance.timeOrigin + performance.now();
      addEventListener('docs:refresh', () => {
        window.__bench.signal = wall();
        window.__bench.inPlace = true;
      });
      const marker = sessionStorage.getItem('bench-marker');
      if (marker) {
        window.__bench.signal = performance.timeOrigin;
        window.__bench.inPlace = false;
      }
      new MutationObserver(() => {
        const m = sessionStorage.getItem('bench-marker');
        if (!m || window.__bench.shown || !document.getElementById('page')?.textContent.includes(m)) return;
        window.__bench.shown = -1;
        requestAnimationFrame(() => setTimeout(() => (window.__bench.shown = wall())));
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const res = await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load' });
    if (res?.status() !== 200) throw new Error(`docs dev answered ${res?.status()} for ${route}`);
    await sleep(1500); // the EventSource connects after load
    const nonce = crypto.randomBytes(4).toString('hex');
    const runs = [];
    for (let i = 0; i < edits; i++) {
      const marker = `Bench edit marker ${nonce} ${i}.`;
      await page.evaluate((m) => {
        sessionStorage.setItem('bench-marker', m);
        window.__bench = { ...window.__bench, signal: null, shown: null, inPlace: null };
      }, marker);
      const content = original.slice(0, end[0].length) + `\n${marker}\n` + original.slice(end[0].length);
      const before = lines.length;
      const written = now();
      fs.writeFileSync(file, content);
      lastWritten = content;
      await page.waitForFunction(() => window.__bench?.shown > 0, undefined, { polling: 5, timeout: 60_000 });
      const seen = now();
      const t = await page.evaluate(() => window.__bench);
      const ready = lines.slice(before).join('').match(/ready in (\d+) ms/);
      runs.push({
        paintMs: t.shown - written,
        seenMs: seen - written,
        inPlace: t.inPlace,
        serverReloadMs: ready ? Number(ready[1]) : null,
        // Phases: save → the page hears of it (watcher, re-read, event), → the new text painted.
        toSignalMs: t.signal - written,
        afterSignalMs: t.shown - t.signal,
      });
      await sleep(700);
    }
    return {
      file: file.slice(root.length + 1),
      route,
      startupMs,
      edits,
      medianMs: median(runs.map((r) => r.paintMs)),
      maxMs: Math.max(...runs.map((r) => r.paintMs)),
      medianSeenMs: median(runs.map((r) => r.seenMs)),
      medianServerReloadMs: median(runs.map((r) => r.serverReloadMs).filter((v) => v != null)),
      medianToSignalMs: median(runs.map((r) => r.toSignalMs)),
      medianAfterSignalMs: median(runs.map((r) => r.afterSignalMs)),
      inPlace: runs.filter((r) => r.inPlace).length,
      runs,
    };
  } finally {
    await browser?.close();
    restore();
    await sleep(300); // let the dev server see the restore before it stops
    if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    cleanups.splice(cleanups.indexOf(stop), 1);
  }
}
