/**
 * DocSearch records of a large synthetic docs site, deterministic (seeded): pages of a few
 * headed sections whose words follow a Zipf-like law over a generated vocabulary, so some
 * words are in nearly every section and most are rare. Each page's title carries a word no
 * other page has (`zk<page>`), for queries with one right answer.
 */
import { LEVELS, type SearchRecord } from '../../theme/shared/search/record.ts';
import { SITE } from './helpers.ts';

/** Common words the generated vocabulary starts with (the Zipf law makes them the commonest). */
export const COMMON = [
  'container',
  'pipeline',
  'cache',
  'module',
  'function',
  'secret',
  'service',
  'directory',
  'build',
  'engine',
];

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka ri to mu sel van dor pex lin qua ber tis nor gal fen rop dak sum wel tru'.split(' ');

export function syntheticRecords(pages: number, sectionsPerPage = 4, wordsPerSection = 40): SearchRecord[] {
  const rand = random(42);
  const vocabulary = [...COMMON];
  for (let i = 0; vocabulary.length < 30_000; i++)
    vocabulary.push(
      `${SYLLABLES[i % 20]}${SYLLABLES[Math.floor(i / 20) % 20]}${SYLLABLES[Math.floor(i / 400) % 20]}${i >= 8000 ? Math.floor(i / 8000) : ''}`,
    );
  // Zipf: rank r drawn with probability ∝ 1/r.
  const harmonic = vocabulary.reduce((s, _, r) => s + 1 / (r + 1), 0);
  const word = () => {
    let x = rand() * harmonic;
    for (let r = 0; r < vocabulary.length; r++) if ((x -= 1 / (r + 1)) <= 0) return vocabulary[r];
    return vocabulary[vocabulary.length - 1];
  };
  const text = (n: number) => Array.from({ length: n }, word).join(' ');
  const records: SearchRecord[] = [];
  for (let p = 0; p < pages; p++) {
    const route = `/section-${p % 10}/page-${p}`;
    const pageUrl = `${SITE.url}${SITE.baseUrl.replace(/\/$/, '')}${route}`;
    const hierarchy = {
      lvl0: `Section ${p % 10}`,
      lvl1: `${text(2)} zk${p}`,
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    };
    const record = (
      type: SearchRecord['type'],
      h: SearchRecord['hierarchy'],
      content: string | null,
      anchor: string | null,
      position: number,
    ): SearchRecord => ({
      objectID: `${route}#${anchor ?? ''}-${position}`,
      type,
      hierarchy: h,
      content,
      url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor,
      language: SITE.language,
      version: SITE.version,
      docusaurus_tag: 'docs-default-current',
      weight: { pageRank: 0, level: type === 'content' ? 0 : 100 - 10 * LEVELS.indexOf(type), position },
    });
    records.push(record('lvl1', hierarchy, text(12), null, 0));
    for (let s = 1; s < sectionsPerPage; s++) {
      const heading = `${text(3)} ${s}`;
      const anchor = heading.toLowerCase().replace(/ /g, '-');
      const h = { ...hierarchy, lvl2: heading };
      records.push(record('lvl2', h, null, anchor, 2 * s - 1));
      records.push(record('content', h, text(wordsPerSection), anchor, 2 * s));
    }
  }
  return records;
}
