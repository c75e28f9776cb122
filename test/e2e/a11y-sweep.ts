import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';

/**
 * The accessibility sweep: axe-core with every WCAG 2.0/2.1/2.2 A and AA rule and the
 * best-practice rules, all impacts kept, over pages that stand for every kind of page the build
 * writes and every sidebar, in both colour modes, at desktop and phone widths, and on the phone
 * with the "On this page" list and the menu open. Used by a11y.test.ts, and by
 * scripts/a11y-sweep.ts, which sweeps a built folder (every page, or this sample) and counts by rule.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * One route per kind of page; `sidebar` names the sidebar of content/sidebars.ts a doc page is in.
 * `open`: also analysed at phone width with "On this page" and then the menu open. The menu shows
 * the page's sidebar, so one page per sidebar has it; the CLI and GraphQL references, whose
 * thousands of nodes make them the slowest analyses (4-5 s each, `axe` below), are analysed closed only.
 */
export interface SweepPage {
  route: string;
  kind: 'doc' | 'home' | 'cli-reference' | 'graphql-reference' | 'sdk-reference' | 'search' | '404' | 'redirect';
  sidebar?: string;
  open?: boolean;
  /**
   * The mode the test analyses this page in at 1280 px; at 390 px it takes the other one. Each
   * page is analysed in both modes and at both widths, but not in all four combinations: colours
   * come from the mode alone (no width rule of theme/styles changes a colour) and layout from the
   * width alone, and the sample's pages alternate, so every mode meets every width on doc pages.
   * Without it, and in scripts/a11y-sweep.ts, every combination.
   */
  desktopMode?: Mode;
}

export const SWEEP_PAGES: SweepPage[] = [
  { route: '/', kind: 'home', sidebar: 'current', open: true, desktopMode: 'light' },
  { route: '/getting-started/types/env', kind: 'doc', sidebar: 'gettingStarted', open: true, desktopMode: 'dark' },
  { route: '/extending/constructors', kind: 'doc', sidebar: 'extending', open: true, desktopMode: 'light' },
  {
    route: '/reference/container-runtimes/kubernetes',
    kind: 'doc',
    sidebar: 'reference',
    open: true,
    desktopMode: 'dark',
  },
  { route: '/cookbook/filesystems', kind: 'doc', sidebar: 'cookbook', open: true, desktopMode: 'light' },
  { route: '/reference/cli', kind: 'cli-reference', sidebar: 'reference', desktopMode: 'dark' },
  { route: '/api/reference', kind: 'graphql-reference', sidebar: 'reference', desktopMode: 'light' },
  {
    route: '/reference/typescript/api/client.gen/type-aliases/ContainerWithoutFilesOpts',
    kind: 'sdk-reference',
    sidebar: 'reference',
    open: true,
    desktopMode: 'dark',
  },
  { route: '/search?q=container', kind: 'search', open: true, desktopMode: 'light' },
  { route: '/no-such-page', kind: '404', open: true, desktopMode: 'dark' },
  { route: '/1008/aws-cloudformation', kind: 'redirect', desktopMode: 'light' },
];

export const MODES = ['light', 'dark'] as const;
export type Mode = (typeof MODES)[number];
export const WIDTHS = [1280, 390] as const;

/** Whether the test analyses `page` in `mode` at `width` (see SweepPage.desktopMode). */
export function testedIn(page: SweepPage, mode: Mode, width: number): boolean {
  return !page.desktopMode || width > 800 === (page.desktopMode === mode);
}

/**
 * axe-core on `page`, the one way the e2e tests run it: @axe-core/playwright's legacy mode, which
 * runs `axe.run` in the page. Its default mode opens a second page for every analysis (a renderer
 * process of its own), injects axe into both and ships each rule's partial results from one to the
 * other; what that adds is the analysis of cross-origin frames, and these sites have no frames.
 * Same findings, in a third to a half of the time (0.3-4.8 s instead of 0.6-11 s a page here).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page: page as never }).setLegacyMode();
}

/** What one analysis found: `rule (impact): targets`, one line per violated rule. */
export async function violations(page: Page): Promise<string[]> {
  // resultTypes: the passing and inapplicable rules keep one node each instead of thousands (axe then
  // skips building a selector for every passing node of the references); violations are complete.
  const results = await axe(page)
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`,
  );
}

export interface SweepResult {
  /** `route mode width state`, e.g. `/reference/cli dark 390 menu open`. */
  where: string;
  found: string[];
  /** How long the analysis took, page load excluded. */
  ms: number;
}

/**
 * Analyses each route in one page of one browser context per mode and width; at phone width an
 * `open` page is analysed again with its "On this page" list open, then with the menu open too. A
 * redirect forwarding page is analysed before it forwards (its refresh and script are held back).
 */
export async function sweep(
  browser: Browser,
  siteUrl: string,
  pages: SweepPage[],
  {
    modes = MODES,
    widths = WIDTHS,
    onResult,
  }: { modes?: readonly Mode[]; widths?: readonly number[]; onResult?: (r: SweepResult) => void } = {},
): Promise<SweepResult[]> {
  const results: SweepResult[] = [];
  const record = async (where: string) => {
    const start = performance.now();
    const r = { where, found: await violations(page), ms: performance.now() - start };
    results.push(r);
    onResult?.(r);
  };
  let page: Page;
  for (const mode of modes) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 800 } });
      await context.addInitScript((t) => localStorage.setItem('theme', t), mode);
      page = await context.newPage();
      try {
        for (const { route, kind, open } of pages) {
          const where = `${route} ${mode} ${width}`;
          if (kind === 'redirect') {
            // Kept on the forwarding page: its meta refresh and script would leave it at once.
            await page.route(`${siteUrl}${route}`, async (r) => {
              const response = await r.fetch();
              const body = (await response.text())
                .replace(/<meta http-equiv="refresh"[^>]*>/i, '')
                .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
              await r.fulfill({ response, body });
            });
          }
          await page.goto(`${siteUrl}${route}`, { waitUntil: 'load' });
          await record(where);
          if (width < 800 && open) {
            if (await page.locator('.toc-mobile summary').isVisible()) {
              await page.click('.toc-mobile summary');
              await record(`${where} toc open`);
            }
            if (await page.locator('#menu-button').isVisible()) {
              await page.click('#menu-button');
              await page.waitForSelector('#menu-panel', { state: 'visible' });
              await record(`${where} menu open`);
            }
          }
          if (kind === 'redirect') await page.unroute(`${siteUrl}${route}`);
        }
      } finally {
        await context.close();
      }
    }
  }
  return results;
}

/** Violations counted by rule over a sweep: `rule: n` lines, most frequent first. */
export function byRule(results: SweepResult[]): string[] {
  const counts = new Map<string, number>();
  for (const r of results)
    for (const f of r.found) counts.set(f.slice(0, f.indexOf(':')), (counts.get(f.slice(0, f.indexOf(':'))) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([rule, n]) => `${rule}: ${n}`);
}
