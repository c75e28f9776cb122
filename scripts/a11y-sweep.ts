#!/usr/bin/env -S npx tsx
// Sweeps a built folder with axe-core as test/e2e/a11y.test.ts does (every impact, WCAG 2.0/2.1/2.2
// A and AA and best practices; light and dark; 1280 and 390 px, at 390 px again with "On this page"
// and the menu open) and counts the violations by rule. Measures; asserts nothing.
//
//   npx tsx scripts/a11y-sweep.ts [dist] [--all] [--modes light,dark] [--widths 1280,390]
//
// Without --all it sweeps the test's sample; with it, every page in sitemap.xml, every forwarding
// page of _redirects, the 404 page and a search, as doc, redirect, 404 and search pages.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createStaticServer, listen, readHeadersFile, resolveFile } from '../cli/static-server.ts';
import { byRule, MODES, sweep, SWEEP_PAGES, WIDTHS, type Mode, type SweepPage } from '../test/e2e/a11y-sweep.ts';
import { chromiumPath } from '../test/e2e/browser-server.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const modes = (option('--modes')?.split(',') ?? MODES) as Mode[];
const widths = option('--widths')?.split(',').map(Number) ?? [...WIDTHS];
const all = args.includes('--all');
const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');

function everyPage(): SweepPage[] {
  const routes = [
    ...fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g),
  ].map((m) => m[1] || '/');
  const forwarding = fs
    .readFileSync(path.join(dir, '_redirects'), 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((from) => from && !from.startsWith('#') && !from.includes('*') && resolveFile(dir, from));
  return [
    ...routes.map((route) => ({ route: route.replace(/(.)\/$/, '$1'), kind: 'doc' as const, open: true })),
    ...forwarding.map((route) => ({ route, kind: 'redirect' as const })),
    { route: '/no-such-page', kind: '404' as const, open: true },
    { route: '/search?q=container', kind: 'search' as const, open: true },
  ];
}

const pages = all ? everyPage() : SWEEP_PAGES;
const headers = readHeadersFile(dir);
const server = createStaticServer({ dir: () => dir, headers: () => headers });
const url = await listen(server, 0, '127.0.0.1');
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const started = Date.now();
const cpu = process.cpuUsage();
try {
  const results = await sweep(browser, url, pages, {
    modes,
    widths,
    onResult: (r) => r.found.length && console.log(`${r.where}\n  ${r.found.join('\n  ')}`),
  });
  const used = process.cpuUsage(cpu);
  const bad = results.filter((r) => r.found.length);
  console.log(
    `\n${pages.length} pages × ${modes.length} modes × ${widths.length} widths: ${results.length} analyses, ${bad.length} with violations, ${bad.reduce((n, r) => n + r.found.length, 0)} violated rules`,
  );
  for (const line of byRule(results)) console.log(`  ${line}`);
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `analysis time: ${(results.reduce((n, r) => n + r.ms, 0) / 1000).toFixed(1)} s in all; slowest ${slowest.map((r) => `${r.where} ${(r.ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  console.log(
    `${((Date.now() - started) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU in Node (Chromium's not counted)`,
  );
} finally {
  await browser.close();
  server.close();
}
