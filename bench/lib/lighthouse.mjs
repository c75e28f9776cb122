// Lighthouse (npm `lighthouse`, default = mobile preset: Moto G Power viewport, simulated slow 4G
// and 4× CPU slowdown) in Debian chromium. Each page runs `runs` times in a fresh browser; the
// summary keeps the median of every score and metric, and the raw per-run numbers. Full reports
// are never written.
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.mjs';
import { median } from './util.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function once(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
    );
    const failing = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (!(ref.weight > 0 && a && a.score !== null && a.score < 1)) continue;
        // For accessibility and the like, name a few offending elements.
        const nodes = (a.details?.items ?? [])
          .map((i) => i.node?.snippet)
          .filter(Boolean)
          .slice(0, 3);
        failing.push(
          `${c}: ${a.id}${c === 'performance' ? ` (${a.displayValue ?? a.score})` : ''}${nodes.length ? ` — ${nodes.join(' ')}${a.details.items.length > 3 ? ` (+${a.details.items.length - 3} more)` : ''}` : ''}`,
        );
      }
    }
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
      failing,
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

export async function lighthouseSummary(url, runs = 3) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once(url));
  const pick = (f) => median(all.map(f).filter((v) => v != null));
  return {
    url,
    runs,
    lighthouseVersion: all[0].lighthouseVersion,
    formFactor: all[0].formFactor,
    throttlingMethod: all[0].throttlingMethod,
    // Lighthouse's own CPU benchmark of this machine during each run (higher is faster).
    benchmarkIndex: all.map((r) => Math.round(r.benchmarkIndex)),
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((r) => r.scores[c])])),
    lcpMs: pick((r) => r.lcpMs),
    tbtMs: pick((r) => r.tbtMs),
    cls: pick((r) => r.cls),
    fcpMs: pick((r) => r.fcpMs),
    perRun: all.map(({ scores, lcpMs, tbtMs, cls, fcpMs }) => ({ scores, lcpMs, tbtMs, cls, fcpMs })),
    failingAudits: [...new Set(all.flatMap((r) => r.failing))],
  };
}
