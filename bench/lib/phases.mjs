// Our engine's phase breakdown, read from the lines `docs --debug build` prints
// (renderer/phases.ts: "docs <what> (<ms> ms, <MB> MB, peak <MB> MB)").
import fs from 'node:fs';

const LINE = /^docs (.+?) \((\d+) ms, [\d.]+ MB, peak [\d.]+ MB\)$/;

/** Phase name with its counts made generic ("compiled 1001 docs" → "compiled N docs"), so runs line up. */
export const phaseKey = (text) => text.replace(/\d[\d,.]*/g, 'N').replace(/\s+\(.*$/, '');

/** [{ text, key, ms }] in the order printed. */
export function readPhases(logFile) {
  const out = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    const m = LINE.exec(line.trim());
    if (m) out.push({ text: m[1], key: phaseKey(m[1]), ms: Number(m[2]) });
  }
  return out;
}

/** The build's top-level phases (renderer/build-site.ts), whose times add up to the build's. */
export const TOP_LEVEL = [
  /^read and routed/,
  /^rendered and wrote/,
  /^checked links/,
  /^rendered N other/,
  /^share cards/,
  /^search:/,
  /^wrote Markdown/,
  /^swapped/,
];

/** Mean ms per phase key over runs, in the first run's order; `text` from the last run. */
export function meanPhases(runs) {
  const lists = runs.map((r) => r.phases ?? []).filter((p) => p.length);
  if (!lists.length) return [];
  return lists[0].map((p) => {
    const same = lists.map((l) => l.find((x) => x.key === p.key)).filter(Boolean);
    return { key: p.key, text: same[same.length - 1].text, ms: same.reduce((a, x) => a + x.ms, 0) / same.length };
  });
}
