/**
 * Logs how long each step of a run took and the process's memory then: `phase('compiled 344
 * docs')` → "compiled 344 docs (12228 ms, 410 MB, peak 690 MB)", timed from the previous phase. `docs
 * --debug build` and `docs --debug dev` print these.
 */
export function phaseTimer(log: (line: string) => void, start = performance.now()): (what: string) => void {
  let mark = start;
  return (what) => {
    const now = performance.now();
    log(
      `${what} (${Math.round(now - mark)} ms, ${Math.round(process.memoryUsage.rss() / 1048576)} MB, peak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`,
    );
    mark = now;
  };
}
