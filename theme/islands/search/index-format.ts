/**
 * The wire format of the embedded search index (dist/search/index-<hash>.json), written by the
 * build and read in the browser. MiniSearch's own JSON spells every posting as an object key
 * and ships four times larger; this one keeps only what cannot be derived: sorted front-coded
 * terms, variable-length delta-coded postings, and per page its headings (section numbers,
 * parents and most anchors follow from their order). No Node or DOM APIs here.
 */
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { ENGINE_OPTIONS, FIELDS } from './engine.ts';

export const FORMAT_VERSION = 2;

/**
 * A page: route (no base URL), index into `lvl0`, title, excerpt, and its headings in order,
 * each as its level digit (2–6) followed by its text, joined by newlines.
 */
export type PackedPage = [route: string, lvl0: number, title: string, excerpt: string, headings: string];

export interface PackedIndex {
  v: typeof FORMAT_VERSION;
  /** Production origin and base URL: hits carry the same absolute URLs as records.json. */
  site: { url: string; baseUrl: string };
  /** Facet values every record shares (contextual search filters on them). */
  facets: { language: string; version: string; docusaurus_tag: string };
  lvl0: string[];
  pages: PackedPage[];
  /** Section number → anchor, only where {@link headingSlugs} does not give the page's real id. */
  anchors: Record<string, string>;
  /** Term counts per section and field, flattened: [title, parents, body] × sections. */
  lengths: number[];
  /** Sorted terms, front-coded: one char (code 48 + shared prefix length) then the suffix; space-separated. */
  terms: string;
  /** One line per term: `<field><doc deltas>` groups joined by ';', see {@link vlq}. */
  postings: string;
}

/**
 * A section document: a page's intro (level 1) or one heading and the text under it. This is
 * the unit the embedded engine ranks and links to.
 */
export interface Section {
  page: number;
  level: number;
  /** Heading text; the page title for level 1. */
  heading: string;
  /** Element id on the page; '' for the page itself. */
  anchor: string;
  /** Enclosing heading sections (outermost first), for hierarchy lvl2…lvl6. */
  parents: number[];
}

/**
 * GitHub-style heading slugs with per-page numbering of repeats, as rehype-slug gives them for
 * plain-text headings. Headings it gets wrong (symbols, markup) are stored in `anchors`.
 */
export function headingSlugs(headings: string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((text) => {
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    let slug = base;
    let n = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++n}`;
    seen.set(base, n);
    seen.set(slug, 0);
    return slug;
  });
}

/** Headings of a packed page: [level, text] pairs. */
export function pageHeadings(page: PackedPage): [number, string][] {
  return page[4] ? page[4].split('\n').map((h) => [Number(h[0]), h.slice(1)]) : [];
}

/** Every section in document order, numbered as in the index (page intro first, then its headings). */
export function sectionsOf(packed: Pick<PackedIndex, 'pages' | 'anchors'>): Section[] {
  const out: Section[] = [];
  packed.pages.forEach((page, p) => {
    out.push({ page: p, level: 1, heading: page[2], anchor: '', parents: [] });
    const headings = pageHeadings(page);
    const slugs = headingSlugs(headings.map((h) => h[1]));
    const open: number[] = []; // section numbers of the open headings, by level
    headings.forEach(([level, heading], i) => {
      const id = out.length;
      while (open.length && out[open[open.length - 1]].level >= level) open.pop();
      out.push({ page: p, level, heading, anchor: packed.anchors[id] ?? slugs[i], parents: [...open] });
      open.push(id);
    });
  });
  return out;
}

const MAX_SHARED = 60;

/** Front-codes sorted terms (words never contain spaces). */
function packTerms(terms: string[]): string {
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

function unpackTerms(packed: string): string[] {
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

/** Field groups of one term: field digit, then per document its delta and, when above 1, `!` and the term frequency. */
function packPostings(byField: Record<string, Record<string, number>>): string {
  return Object.entries(byField)
    .map(([field, docs]) => {
      let prev = 0;
      let s = field;
      for (const doc of Object.keys(docs).map(Number).sort((a, b) => a - b)) {
        s += vlq(doc - prev) + (docs[doc] > 1 ? `!${vlq(docs[doc])}` : '');
        prev = doc;
      }
      return s;
    })
    .join(';');
}

/** Decodes one term's line into field number → (document → term frequency). */
function unpackPostings(line: string): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const group of line.split(';')) {
    const docs = new Map<number, number>();
    let doc = 0;
    let last = -1;
    let tf = false;
    let value = 0;
    let shift = 1;
    for (let i = 1; i < group.length; i++) {
      const c = group.charCodeAt(i);
      if (c === 33 /* ! */) {
        tf = true;
        continue;
      }
      const digit = DIGITS[c];
      value += (digit & 31) * shift;
      shift *= 32;
      if (digit < 32) continue; // a continuation char
      if (tf) docs.set(last, value);
      else {
        doc += value;
        docs.set(doc, 1);
        last = doc;
      }
      tf = false;
      value = 0;
      shift = 1;
    }
    out.set(group.charCodeAt(0) - 48, docs);
  }
  return out;
}

/** Packs a built MiniSearch (documents numbered in {@link sectionsOf} order) with its pages. */
export function packIndex(mini: MiniSearch, meta: Omit<PackedIndex, 'v' | 'lengths' | 'terms' | 'postings'>): PackedIndex {
  const js = mini.toJSON();
  const n = sectionsOf(meta).length;
  if (js.documentCount !== n) throw new Error(`index has ${js.documentCount} documents for ${n} sections`);
  const lengths: number[] = [];
  for (let i = 0; i < n; i++) {
    const l = js.fieldLength[i] ?? [];
    for (let f = 0; f < FIELDS.length; f++) lengths.push(l[f] ?? 0);
  }
  const entries = [...js.index].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    v: FORMAT_VERSION,
    ...meta,
    lengths,
    terms: packTerms(entries.map((e) => e[0])),
    postings: entries.map((e) => packPostings(e[1] as Record<string, Record<string, number>>)).join('\n'),
  };
}

/**
 * Rebuilds the MiniSearch instance from the wire format, with its terms in sorted order.
 *
 * The postings go straight into MiniSearch's term map instead of through `loadJS`, which would
 * turn them into objects with string keys and back into Maps: that halves the load time of the
 * site's index. It relies on MiniSearch 7's `_index` (a SearchableMap of term → field →
 * document → frequency); test/search/index-format.test.ts checks that the result scores exactly
 * like the index that was packed.
 */
export function unpackIndex(packed: PackedIndex): { mini: MiniSearch; terms: string[] } {
  if (packed.v !== FORMAT_VERSION) throw new Error(`search index format ${packed.v} is not supported (expected ${FORMAT_VERSION})`);
  const n = packed.lengths.length / FIELDS.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const sums = FIELDS.map(() => 0);
  for (let i = 0; i < n; i++) {
    documentIds[i] = i;
    const l = packed.lengths.slice(i * FIELDS.length, (i + 1) * FIELDS.length);
    fieldLength[i] = l;
    l.forEach((v, f) => (sums[f] += v));
  }
  const plain: AsPlainObject = {
    documentCount: n,
    nextId: n,
    documentIds,
    fieldIds: Object.fromEntries(FIELDS.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: sums.map((s) => s / Math.max(n, 1)),
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
  const mini = MiniSearch.loadJS(plain, ENGINE_OPTIONS);
  const index = (mini as unknown as { _index: Map<string, Map<number, Map<number, number>>> })._index;
  const terms = unpackTerms(packed.terms);
  const lines = packed.postings ? packed.postings.split('\n') : [];
  terms.forEach((t, i) => index.set(t, unpackPostings(lines[i])));
  return { mini, terms };
}
