// Edit-to-browser latency of `docs dev`: a page is open in Chromium; we write one Markdown file
// and time until the page shows the new text (swapped in place by the client router, or after a
// reload). `change` replaces the default edit (a marker line under the frontmatter) with another:
// a title, sidebars.ts, a page added or renamed; with `probe` the end point is a request that
// finds the marker instead of the open page (a new route nobody has open). The end point is the frame that paints the new text (in the page: a MutationObserver
// sees it in #page, then requestAnimationFrame and a task after it, on the same wall clock as
// this process); the moment Playwright's 5 ms polling saw the text is recorded too, as an upper
// bound. The file is restored afterwards (unless someone else changed it meanwhile).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { launchBrowser } from './browser.mjs';
import { freePort, median, sleep } from './util.mjs';

const now = () => performance.timeOrigin + performance.now();

/** CPU time (user + system, ms) a process has used so far, on Linux (/proc); undefined elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return undefined;
  }
}

function waitForLine(lines, re, child, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`docs dev: no "${re}" within ${timeoutMs} ms:\n${lines.join('')}`)),
      timeoutMs,
    );
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
 * The default change: a marker line inserted after the frontmatter of `file`.
 * @returns {{ files: string[], write(i: number, marker: string, originals: Map<string, string | undefined>): void }}
 */
function markerAfterFrontmatter(file) {
  return {
    files: [file],
    write(_i, marker, originals) {
      const original = originals.get(file);
      const end = /^---\n[\s\S]*?\n---\n/.exec(original ?? '');
      if (!end) throw new Error(`${file} has no frontmatter to insert after`);
      fs.writeFileSync(file, original.slice(0, end[0].length) + `\n${marker}\n` + original.slice(end[0].length));
    },
  };
}

const snapshot = (files) => new Map(files.map((f) => [f, fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined]));

/**
 * @param {{ root: string, file: string, route: string, edits: number, cleanups: Array<() => void>,
 *   change?: { files: string[], write(i: number, marker: string, originals: Map<string, string | undefined>): void },
 *   probe?: (url: string, marker: string) => Promise<boolean>, selector?: string, args?: string[] }} opts
 */
export async function devEditToBrowser({
  root,
  file,
  route,
  edits,
  cleanups,
  change = markerAfterFrontmatter(file),
  probe,
  selector = '#page',
  args = [],
}) {
  const originals = snapshot(change.files);
  const port = await freePort();
  const env = { ...process.env };
  delete env.NODE_ENV;
  const started = now();
  const child = spawn(process.execPath, ['bin/docs.js', ...args, 'dev', '--port', String(port)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const collect = (d) => lines.push(String(d));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let lastWritten; // file → what this run last left in it (undefined: removed)
  const restore = () => {
    if (lastWritten === undefined) return;
    for (const [f, written] of lastWritten) {
      const current = fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined;
      if (current !== written)
        console.warn(`bench: ${f} was changed by someone else during the dev measurement; left as it is`);
      else if (originals.get(f) === undefined) fs.rmSync(f, { force: true });
      else fs.writeFileSync(f, originals.get(f));
    }
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
    await page.addInitScript((selector) => {
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
        if (!m || window.__bench.shown || !document.querySelector(selector)?.textContent.includes(m)) return;
        window.__bench.shown = -1;
        requestAnimationFrame(() => setTimeout(() => (window.__bench.shown = wall())));
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, selector);
    const res = await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load' });
    if (res?.status() !== 200) throw new Error(`docs dev answered ${res?.status()} for ${route}`);
    await sleep(1500); // the EventSource connects after load
    const nonce = crypto.randomBytes(4).toString('hex');
    const runs = [];
    const cpuBefore = cpuMsOf(child.pid);
    for (let i = 0; i < edits; i++) {
      const marker = `Bench edit marker ${nonce} ${i}.`;
      await page.evaluate((m) => {
        sessionStorage.setItem('bench-marker', m);
        window.__bench = { ...window.__bench, signal: null, shown: null, inPlace: null };
      }, marker);
      const before = lines.length;
      const cpuAtWrite = cpuMsOf(child.pid);
      const written = now();
      change.write(i, marker, originals);
      lastWritten = snapshot(change.files);
      if (probe) {
        const deadline = written + 60_000;
        while (!(await probe(`http://127.0.0.1:${port}`, marker))) {
          if (now() > deadline) throw new Error(`no ${marker} within 60 s`);
          await sleep(5);
        }
      } else await page.waitForFunction(() => window.__bench?.shown > 0, undefined, { polling: 5, timeout: 60_000 });
      const seen = now();
      const cpuAtSeen = cpuMsOf(child.pid);
      // A probe's end point is the answer that had the marker (no paint to wait for).
      const t = probe ? { shown: seen, signal: seen, inPlace: null } : await page.evaluate(() => window.__bench);
      const ready = lines
        .slice(before)
        .join('')
        .match(/ready in (\d+) ms/);
      runs.push({
        paintMs: t.shown - written,
        // The dev server's CPU time from the save to the new text seen (10 ms steps).
        serverCpuMs: cpuAtWrite === undefined || cpuAtSeen === undefined ? null : cpuAtSeen - cpuAtWrite,
        seenMs: seen - written,
        inPlace: t.inPlace,
        serverReloadMs: ready ? Number(ready[1]) : null,
        // Phases: save → the page hears of it (watcher, re-read, event), → the new text painted.
        toSignalMs: t.signal - written,
        afterSignalMs: t.shown - t.signal,
      });
      await sleep(700);
    }
    const cpuAfter = cpuMsOf(child.pid);
    return {
      // The dev server's CPU time (user + system) per save, idle time between saves included.
      serverCpuMsPerEdit: cpuBefore === undefined || cpuAfter === undefined ? null : (cpuAfter - cpuBefore) / edits,
      medianServerCpuMs: median(runs.map((r) => r.serverCpuMs).filter((v) => v != null)),
      file: file.slice(root.length + 1),
      minMs: Math.min(...runs.map((r) => r.paintMs)),
      route,
      startupMs,
      edits,
      medianMs: median(runs.map((r) => r.paintMs)),
      maxMs: Math.max(...runs.map((r) => r.paintMs)),
      medianSeenMs: median(runs.map((r) => r.seenMs)),
      medianServerReloadMs: median(runs.map((r) => r.serverReloadMs).filter((v) => v != null)),
      medianToSignalMs: median(runs.map((r) => r.toSignalMs)),
      medianAfterSignalMs: median(runs.map((r) => r.afterSignalMs)),
      inPlace: probe ? null : runs.filter((r) => r.inPlace).length,
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
