/**
 * Which of the real docs.dagger.io heading anchors (test/fixtures/dagger-anchors.tsv: route,
 * level, anchor, heading) land on a heading of this site: the heading's own id, or an alias
 * anchor inside a heading (`{#id #alias}`). An id elsewhere (an empty marker, a tab) does not count.
 * Run on a build: `npx tsx test/content/anchor-coverage.ts dist` lists what is missing.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface RealAnchor {
  route: string;
  level: number;
  anchor: string;
  heading: string;
}

export function realAnchors(): RealAnchor[] {
  const file = path.join(import.meta.dirname, '../fixtures/dagger-anchors.tsv');
  const [, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  return lines.map((line) => {
    const [route, level, anchor, heading] = line.split('\t');
    return { route, level: Number(level), anchor, heading };
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `html` has `anchor` as a heading's id or as an alias anchor inside a heading. */
export function landsOnHeading(html: string, anchor: string): boolean {
  const id = escape(anchor);
  return (
    new RegExp(`<h[1-6][^>]*\\sid="${id}"`).test(html) ||
    new RegExp(
      `<h[1-6][^>]*>(?:<span id="[^"]*" class="heading-alias"></span>)*<span id="${id}" class="heading-alias">`,
    ).test(html)
  );
}

export async function missingAnchors(page: (route: string) => Promise<string | undefined>): Promise<RealAnchor[]> {
  const missing: RealAnchor[] = [];
  const pages = new Map<string, string | undefined>();
  for (const a of realAnchors()) {
    if (!pages.has(a.route)) pages.set(a.route, await page(a.route));
    const html = pages.get(a.route);
    if (!html || !landsOnHeading(html, a.anchor)) missing.push(a);
  }
  return missing;
}

if (process.argv[1] === import.meta.filename) {
  const dist = process.argv[2] ?? 'dist';
  const read = async (route: string) => {
    const file = path.join(dist, route, 'index.html');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };
  const missing = await missingAnchors(read);
  const total = realAnchors().length;
  for (const m of missing) console.log(`${m.route}\t${m.level}\t#${m.anchor}\t${m.heading}`);
  console.log(
    `${total - missing.length}/${total} anchors land on a heading (${(((total - missing.length) / total) * 100).toFixed(1)} %)`,
  );
}
