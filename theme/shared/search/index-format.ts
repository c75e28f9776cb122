/**
 * The wire format of the embedded index's term fragments (dist/search/terms-<hash>.json),
 * written by the build and read in the browser. A fragment holds a run of the sorted terms and,
 * per term, its postings: the sections it occurs in, each with its precomputed score (BM25 over
 * all fields, field and level boosts included, as MiniSearch computes them for the whole site).
 * The browser then only adds weighted scores, so it needs no document statistics. MiniSearch's
 * own JSON spells every posting as an object key and ships four times larger; this keeps only
 * front-coded terms and variable-length numbers. No Node or DOM APIs here.
 */

export const FORMAT_VERSION = 3;

export interface TermFragment {
  v: typeof FORMAT_VERSION;
  /** Sorted terms, front-coded: one char (code 48 + shared prefix length) then the suffix; space-separated. */
  terms: string;
  /** One line per term: `<best score>[/<sections>] <postings>`, see {@link encodePostings}. */
  postings: string;
}

/** A term's postings: section numbers (ascending) and their scores. */
export interface Postings {
  sections: number[];
  scores: number[];
  /**
   * Sections the term occurs in, counting those left out: a term in more sections than the
   * build keeps lists only its best-scoring ones (see MAX_POSTINGS in renderer/search/index-files.ts).
   */
  total: number;
}

const MAX_SHARED = 60;

/** Front-codes sorted terms (words never contain spaces). */
export function packTerms(terms: string[]): string {
  let prev = '';
  return terms
    .map((t) => {
      let n = 0;
      while (n < MAX_SHARED && n < prev.length && n < t.length && prev[n] === t[n]) n++;
      prev = t;
      return String.fromCharCode(48 + n) + t.slice(n);
    })
    .join(' ');
}

export function unpackTerms(packed: string): string[] {
  const out: string[] = [];
  let prev = '';
  for (const item of packed ? packed.split(' ') : []) {
    const t = prev.slice(0, item.charCodeAt(0) - 48) + item.slice(1);
    out.push(t);
    prev = t;
  }
  return out;
}

/* Variable-length numbers: 5 bits per char, low bits first; CONT chars continue, LAST chars end. */
const LAST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';
const CONT = 'ghijklmnopqrstuvwxyz0123456789+/';
/** Char code → its 5-bit value, plus 32 when it ends a number. */
const DIGITS = new Uint8Array(128);
[...LAST].forEach((c, i) => (DIGITS[c.charCodeAt(0)] = i + 32));
[...CONT].forEach((c, i) => (DIGITS[c.charCodeAt(0)] = i));

/** Encodes a non-negative integer as 1+ chars (one char below 32). */
export function vlq(n: number): string {
  let s = '';
  while (n >= 32) {
    s += CONT[n & 31];
    n = Math.floor(n / 32);
  }
  return s + LAST[n];
}

/** Decodes a run of {@link vlq} numbers. */
function unvlq(s: string, from: number): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 1;
  for (let i = from; i < s.length; i++) {
    const digit = DIGITS[s.charCodeAt(i)];
    value += (digit & 31) * shift;
    shift *= 32;
    if (digit < 32) continue;
    out.push(value);
    value = 0;
    shift = 1;
  }
  return out;
}

/**
 * Scores are kept on a log scale below the term's best, in steps of 0.5 %: two chars each
 * for scores within a factor of 150 of the best, one char near it. Rounding moves a score by at
 * most 0.25 %, far less than separates the hits of the relevance set.
 */
const SCORE_STEP = Math.log(1.005);

/** Significant digits of a term's best score. */
const BEST_DIGITS = 6;

/**
 * One term's line: its best score (and, when postings were left out, how many sections it
 * occurs in), a space, then per section the gap from the previous section number and the
 * score's steps below the best.
 */
export function encodePostings(p: Postings): string {
  const best = Number(Math.max(...p.scores).toPrecision(BEST_DIGITS));
  let line = p.total > p.sections.length ? `${best}/${p.total} ` : `${best} `;
  let prev = 0;
  p.sections.forEach((s, i) => {
    line += vlq(s - prev) + vlq(Math.max(0, Math.round(Math.log(best / p.scores[i]) / SCORE_STEP)));
    prev = s;
  });
  return line;
}

export function decodePostings(line: string): Postings {
  const space = line.indexOf(' ');
  const [best, total] = line.slice(0, space).split('/').map(Number);
  const numbers = unvlq(line, space + 1);
  const sections: number[] = [];
  const scores: number[] = [];
  let section = 0;
  for (let i = 0; i < numbers.length; i += 2) {
    section += numbers[i];
    sections.push(section);
    scores.push(best * Math.exp(-numbers[i + 1] * SCORE_STEP));
  }
  return { sections, scores, total: total ?? sections.length };
}
