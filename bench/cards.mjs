#!/usr/bin/env node
// Share cards: what one card costs with each way of drawing it (bench/lib/card-candidates.mjs).
//
//   node bench/cards.mjs [cards=200] [candidate…]
//
// Each candidate runs in a child process of its own, in turn, twice over (ABAB…), so a busy
// machine weighs on all alike. Reported per candidate: cold (process start to the first PNG:
// loading modules and fonts, drawing the background, the first card), then for `cards` more
// cards the CPU (user + system of the whole process, libuv's threads included) and wall time
// per card, one card after another and with four under way at once (what a build on 2 cores
// gets when the drawing overlaps), and the mean PNG size. CPU time is the figure to compare:
// other work on the machine inflates wall times.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Titles and sections like a docs site's: lengths from 5 to 130 characters, every title different. */
function texts(n) {
  const words =
    'build deploy a the pipeline for Go application with containers cache secrets module functions Dagger Cloud traces GitHub Actions quickstart reference install configure TypeScript Python SDK services network debug your'.split(
      ' ',
    );
  const sections = [
    'Getting Started · Quickstarts',
    'Reference',
    'Features · Caching',
    'Extending · Modules',
    undefined,
  ];
  return Array.from({ length: n }, (_, i) => {
    const count = 1 + ((i * 7) % 18);
    const title = Array.from({ length: count }, (_, j) => words[(i * 13 + j * 5) % words.length]).join(' ');
    return { title: `${title[0].toUpperCase()}${title.slice(1)} ${i}`, section: sections[i % sections.length] };
  });
}

async function child(name, n) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: path.join(root, 'tsconfig.base.json') });
  const { CANDIDATES } = await import('./lib/card-candidates.mjs');
  const { readPalette } = await import('../renderer/share-cards/palette.ts');
  const site = {
    colors: readPalette(path.join(root, 'theme/styles/tokens.css')),
    product: 'Dagger',
    host: 'docs.dagger.io',
  };
  const logo = {
    file: 'dagger-logo.svg',
    data: fs.readFileSync(path.join(root, 'content/static/img/dagger-logo.svg')),
  };
  const draw = await CANDIDATES[name].open(site, logo);
  const all = texts(2 * n + 1);
  const first = await draw(all[0]);
  const cpuMs = (since) => {
    const u = process.cpuUsage(since);
    return (u.user + u.system) / 1000;
  };
  const cold = { wall: performance.now() - t0, cpu: cpuMs(c0) };
  if (process.env.CARD_SAMPLE) fs.writeFileSync(process.env.CARD_SAMPLE, first);

  // One after another.
  let bytes = 0;
  let c = process.cpuUsage();
  let t = performance.now();
  for (const text of all.slice(1, n + 1)) bytes += (await draw(text)).length;
  const serial = { wall: (performance.now() - t) / n, cpu: cpuMs(c) / n };

  // Four under way at once.
  const queue = all.slice(n + 1);
  c = process.cpuUsage();
  t = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let text; (text = queue.shift()); ) await draw(text);
    }),
  );
  const overlapped = { wall: (performance.now() - t) / n, cpu: cpuMs(c) / n };
  process.stdout.write(JSON.stringify({ cold, serial, overlapped, kb: bytes / n / 1024 }));
}

async function main() {
  const [count, ...names] = process.argv.slice(2);
  const n = Number(count ?? 200);
  const { CANDIDATES, missing } = await import('./lib/card-candidates.mjs');
  const chosen = names.length ? names : Object.keys(CANDIDATES);
  const runnable = chosen.filter((name) => {
    const absent = missing(CANDIDATES[name].needs);
    if (absent.length)
      console.log(`${name}: skipped, not installed: ${absent.join(', ')} (npm i --no-save ${absent.join(' ')})`);
    return !absent.length;
  });
  console.log(
    `${n} cards per run, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}, Node ${process.version}`,
  );
  const runs = new Map(runnable.map((name) => [name, []]));
  for (let round = 0; round < 2; round++) {
    for (const name of runnable) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name, String(n)], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 1 << 20,
      });
      runs.get(name).push(JSON.parse(out.toString()));
    }
  }
  const f = (x) => x.toFixed(1).padStart(6);
  const best = (rs, pick) => rs.map(pick).reduce((a, b) => (a.cpu <= b.cpu ? a : b));
  console.log(
    `\n${'candidate'.padEnd(30)} ${'cold ms (cpu/wall)'.padEnd(19)} ${'one at a time (cpu/wall)'.padEnd(25)} ${'4 at once (cpu/wall)'.padEnd(21)} KB/card`,
  );
  for (const [name, rs] of runs) {
    const cold = best(rs, (r) => r.cold);
    const serial = best(rs, (r) => r.serial);
    const overlapped = best(rs, (r) => r.overlapped);
    console.log(
      `${name.padEnd(30)} ${f(cold.cpu)} /${f(cold.wall)}     ${f(serial.cpu)} /${f(serial.wall)}            ${f(overlapped.cpu)} /${f(overlapped.wall)}        ${rs[0].kb.toFixed(0)}`,
    );
  }
  console.log('(ms per card after the first; best of 2 runs by CPU time)');
}

if (process.argv[2] === '--child') await child(process.argv[3], Number(process.argv[4]));
else await main();
