/**
 * Logs how long each step of a run took: `phase('compiled 344 docs')` → "compiled 344 docs
 * (12228 ms)", timed from the previous phase. The benchmark and `docs --debug dev` read these.
 */
export function phaseTimer(log: (line: string) => void, start = performance.now()): (what: string) => void {
  let mark = start;
  return (what) => {
    const now = performance.now();
    log(`${what} (${Math.round(now - mark)} ms)`);
    mark = now;
  };
}
