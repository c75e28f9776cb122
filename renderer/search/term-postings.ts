import { ENGINE_OPTIONS, LEVEL_BOOST } from '../../theme/shared/search/engine.ts';
import type { Postings } from '../../theme/shared/search/index-format.ts';
import { bm25, nextAverage } from './bm25.ts';
import { int32s, uint8s } from './growable.ts';

/** A section document as the engine's options read it (`extractField`). */
export interface SectionText {
  title: string;
  parents: string;
  body: string;
}

const FIELDS = ENGINE_OPTIONS.fields;
const F = FIELDS.length;
const { extractField, tokenize, processTerm } = ENGINE_OPTIONS;
if (!extractField || !tokenize || !processTerm)
  throw new Error('ENGINE_OPTIONS must name its own extractField, tokenize and processTerm');
const stringify = ENGINE_OPTIONS.stringifyField ?? ((value: { toString(): string }) => value.toString());
/** Per field, as MiniSearch resolves `boost` (a missing or zero boost counts as 1). */
const FIELD_BOOSTS = FIELDS.map(
  (f) =>
    (Object.hasOwn(ENGINE_OPTIONS.searchOptions?.boost ?? {}, f) ? ENGINE_OPTIONS.searchOptions!.boost![f] : 0) || 1,
);

/**
 * Every term's postings, per field, gathered one section at a time, and scored as MiniSearch
 * scores a one-term query (BM25 per field, field boosts, the section's level boost) — without
 * MiniSearch's index of a Map per term per field, nor a search per term, both superlinear in
 * memory and time on a 10,000-page site. A posting is three 4-byte numbers: its section, the
 * term's frequency there, and the next posting of the same term and field (a linked list per
 * term and field, in section order, since sections arrive in order).
 */
export class TermPostings {
  private readonly termIds = new Map<string, number>();
  /** Per term × field: first and last posting, and how many sections hold it. */
  private readonly head = int32s();
  private readonly tail = int32s();
  private readonly count = int32s();
  /** Per posting. */
  private readonly section = int32s(1 << 16);
  private readonly freq = int32s(1 << 16);
  private readonly next = int32s(1 << 16);
  /** Per field, per section: distinct raw tokens (MiniSearch's field length). */
  private readonly lengths = FIELDS.map(() => int32s());
  private readonly averages = FIELDS.map(() => 0);
  private readonly levels = uint8s();
  /**
   * Per field, each raw token's term slots (term × field), as `processTerm` gives its terms:
   * most tokens recur ("container" thousands of times), and splitting and normalising them
   * again was most of the indexing time. `seen`: the last section whose field held it.
   */
  private readonly tokensOf = FIELDS.map(() => new Map<string, { slots: number[]; seen: number }>());
  /** Per slot: the term's frequency in the field of the section being added (0 outside `add`). */
  private readonly tally = int32s();

  get sections(): number {
    return this.levels.length;
  }

  /** Indexes the next section (numbered in call order), of heading level `level` (1 for a page's intro). */
  add(doc: SectionText, level: number): void {
    const id = this.levels.push(level);
    for (let f = 0; f < F; f++) {
      const field = FIELDS[f];
      const value = extractField!(doc, field);
      if (value == null) {
        this.lengths[f].push(0);
        continue;
      }
      const tokensOf = this.tokensOf[f];
      const tally = this.tally;
      const order: number[] = []; // slots in the order their terms first occur
      let length = 0; // distinct raw tokens
      for (const token of tokenize!(stringify(value, field), field)) {
        let known = tokensOf.get(token);
        if (!known) tokensOf.set(token, (known = { slots: this.termSlots(processTerm!(token, field), f), seen: -1 }));
        if (known.seen !== id) {
          known.seen = id;
          length++;
        }
        for (const slot of known.slots) if (tally.data[slot]++ === 0) order.push(slot);
      }
      this.lengths[f].push(length);
      this.averages[f] = nextAverage(this.averages[f], id, length);
      for (const slot of order) {
        this.post(slot, id, tally.data[slot]);
        tally.data[slot] = 0;
      }
    }
  }

  /** The slots of a token's terms in field `f`: MiniSearch keeps every term of a list, but a single term only when truthy. */
  private termSlots(terms: ReturnType<NonNullable<typeof processTerm>>, f: number): number[] {
    if (Array.isArray(terms)) return terms.map((term) => this.termId(term) * F + f);
    return terms ? [this.termId(terms) * F + f] : [];
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termIds.size;
      this.termIds.set(term, id);
      for (let f = 0; f < F; f++) {
        this.head.push(-1);
        this.tail.push(-1);
        this.count.push(0);
        this.tally.push(0);
      }
    }
    return id;
  }

  private post(slot: number, section: number, freq: number): void {
    const p = this.section.push(section);
    this.freq.push(freq);
    this.next.push(-1);
    if (this.tail.data[slot] < 0) this.head.data[slot] = p;
    else this.next.data[this.tail.data[slot]] = p;
    this.tail.data[slot] = p;
    this.count.data[slot]++;
  }

  /**
   * One indexed term's sections (ascending) and scores: per section, the field scores added in
   * field order, each `fieldBoost * levelBoost * bm25` — MiniSearch's `termResults`, same
   * operations in the same order, so the same bits.
   */
  private scoresOf(termId: number): { sections: number[]; scores: number[] } {
    const total = this.sections;
    const cursor = FIELDS.map((_, f) => this.head.data[termId * F + f]);
    const sections: number[] = [];
    const scores: number[] = [];
    for (;;) {
      let section = Infinity;
      for (let f = 0; f < F; f++)
        if (cursor[f] >= 0 && this.section.data[cursor[f]] < section) section = this.section.data[cursor[f]];
      if (section === Infinity) break;
      const docBoost = LEVEL_BOOST[this.levels.data[section]];
      let score = 0;
      let matched = false;
      for (let f = 0; f < F; f++) {
        const p = cursor[f];
        if (p < 0 || this.section.data[p] !== section) continue;
        cursor[f] = this.next.data[p];
        if (!docBoost) continue; // MiniSearch drops a posting whose document boost is 0
        score +=
          FIELD_BOOSTS[f] *
          docBoost *
          bm25(
            this.freq.data[p],
            this.count.data[termId * F + f],
            total,
            this.lengths[f].data[section],
            this.averages[f],
          );
        matched = true;
      }
      if (!matched) continue;
      sections.push(section);
      scores.push(score);
    }
    return { sections, scores };
  }

  /**
   * What a MiniSearch query for `term` alone returns. The query side splits the term again with
   * `tokenize`: a term that does not come back whole (a lower-cased letter that is no longer a
   * letter, "İ" → "i̇") is searched as its pieces, their scores added and multiplied by the
   * number of pieces matched, as MiniSearch's OR and its `quality` factor do.
   */
  private postingsOf(term: string): Postings {
    const pieces = tokenize!(term).filter(Boolean);
    if (pieces.length === 1 && pieces[0] === term) {
      const own = this.scoresOf(this.termIds.get(term)!);
      return { ...own, total: own.sections.length };
    }
    const hits = new Map<number, { score: number; pieces: Set<string> }>();
    for (const piece of pieces) {
      const id = this.termIds.get(piece);
      if (id === undefined) continue;
      const { sections, scores } = this.scoresOf(id);
      sections.forEach((s, i) => {
        const hit = hits.get(s);
        if (hit) {
          hit.score += scores[i];
          hit.pieces.add(piece);
        } else hits.set(s, { score: scores[i], pieces: new Set([piece]) });
      });
    }
    const sections = [...hits.keys()].sort((a, b) => a - b);
    return {
      sections,
      scores: sections.map((s) => hits.get(s)!.score * hits.get(s)!.pieces.size),
      total: sections.length,
    };
  }

  /** Every term, sorted, with its scored postings, one term at a time (the caller encodes each before the next is scored). */
  *scoredTerms(): Generator<{ term: string; postings: Postings }> {
    for (const term of [...this.termIds.keys()].sort()) yield { term, postings: this.postingsOf(term) };
  }
}
