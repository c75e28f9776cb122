import crypto from 'node:crypto';
import {
  encodePostings,
  FORMAT_VERSION,
  packTerms,
  type Postings,
  type TermFragment,
} from '../../theme/shared/search/index-format.ts';
import { pageChunkPath, termFragmentPath, type SearchManifest } from '../../theme/shared/search/manifest.ts';
import { sectionCount, type PageChunk } from '../../theme/shared/search/page-chunk.ts';
import type { EmbeddedIndex } from './embedded-index.ts';

/**
 * Sections listed per term at most: its best-scoring ones. Past this a term is in most
 * sections ("container" on a 10,000-page site), adds little to a query's ranking, and its full
 * list would be most of a first query's download. This site's commonest term is in ~1,300.
 */
export const MAX_POSTINGS = 2000;
/** Size a term fragment grows to (raw chars; ~2:1 gzip): a few fragments per query stay well under 150 KB. */
export const FRAGMENT_CHARS = 24_000;
/** Size a page chunk grows to (raw chars): the 20 hits of a query may each need a different chunk. */
export const CHUNK_CHARS = 4_000;

export interface IndexFiles {
  manifest: SearchManifest;
  /** Output paths (relative to the site folder) → contents; the manifest is not among them. */
  files: Map<string, string>;
}

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);

/**
 * A term's best-scoring sections, back in section order: those scoring above the MAX_POSTINGS-th
 * best score, then, of those scoring exactly that, the first ones. The same choice as sorting
 * every posting by score (ties by section), without a comparator call per pair: the commonest
 * terms have thousands of postings.
 */
function pruned(p: Postings): Postings {
  if (p.sections.length <= MAX_POSTINGS) return p;
  const threshold = Float64Array.from(p.scores).sort()[p.scores.length - MAX_POSTINGS];
  let ties = MAX_POSTINGS - p.scores.reduce((n, score) => (score > threshold ? n + 1 : n), 0);
  const sections: number[] = [];
  const scores: number[] = [];
  p.scores.forEach((score, i) => {
    if (score > threshold || (score === threshold && ties-- > 0)) {
      sections.push(p.sections[i]);
      scores.push(score);
    }
  });
  return { sections, scores, total: p.total };
}

/** Cuts items into consecutive runs whose sizes add up to about `max` (an item larger than that runs alone). */
function runs<T>(items: T[], size: (item: T) => number, max: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let total = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length && total + n > max) {
      out.push(current);
      current = [];
      total = 0;
    }
    current.push(item);
    total += n;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * The files of the embedded index: term fragments (sorted term ranges with their postings),
 * page chunks (what hits show, for runs of pages) and the manifest naming them all. Each file
 * is named by its content's hash, so an unchanged fragment keeps its name across builds.
 */
export function embeddedIndexFiles(index: EmbeddedIndex, records: number): IndexFiles {
  const files = new Map<string, string>();
  const terms: SearchManifest['terms'] = [];
  const lines = Array.from(index.terms, (t) => ({ term: t.term, line: encodePostings(pruned(t.postings)) }));
  for (const run of runs(lines, (l) => l.term.length + l.line.length + 2, FRAGMENT_CHARS)) {
    const fragment: TermFragment = {
      v: FORMAT_VERSION,
      terms: packTerms(run.map((l) => l.term)),
      postings: run.map((l) => l.line).join('\n'),
    };
    const json = JSON.stringify(fragment);
    const hash = hashOf(json);
    files.set(termFragmentPath(hash), json);
    terms.push([run[0].term, hash]);
  }

  const pages: SearchManifest['pages'] = [];
  let first = 0;
  for (const run of runs(index.pages, (p) => JSON.stringify(p).length, CHUNK_CHARS)) {
    const end = first + run.reduce((n, p) => n + sectionCount(p), 0);
    const anchors = Object.fromEntries(
      Object.entries(index.anchors).filter(([id]) => Number(id) >= first && Number(id) < end),
    );
    const json = JSON.stringify({ first, pages: run, anchors } satisfies PageChunk);
    const hash = hashOf(json);
    files.set(pageChunkPath(hash), json);
    pages.push([first, hash]);
    first = end;
  }
  return { manifest: { v: FORMAT_VERSION, ...index.meta, records, terms, pages }, files };
}
