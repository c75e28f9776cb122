/**
 * Highlighting and snippets in Algolia's format: HTML-escaped text with the matched words
 * wrapped in the highlight tags. The text comes from the docs, which may contain anything
 * (`<img onerror=…>` in a code span), so it is escaped before any tag is added; consumers may
 * then put the value into innerHTML, as DocSearch does. No Node or DOM APIs here.
 */
import { escapeText } from '../escape.ts';
import { indexTerms } from './engine.ts';
import type { HighlightValue } from './protocol.ts';

const WORD = /[\p{L}\p{N}_]+/gu;

/** A word of the text and whether it matched. */
interface Token {
  start: number;
  end: number;
  hit: boolean;
}

/* Index terms per word, remembered: the same words recur in every hit's hierarchy. */
const termsOfWord = new Map<string, string[]>();
function termsOf(word: string): string[] {
  let terms = termsOfWord.get(word);
  if (!terms) {
    if (termsOfWord.size > 20_000) termsOfWord.clear();
    terms = indexTerms(word) ?? [];
    termsOfWord.set(word, terms);
  }
  return terms;
}

/** Words of `text` whose index terms include one of the matched terms (whole camelCase words light up). */
function tokens(text: string, matched: ReadonlySet<string>): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    out.push({ start: m.index!, end: m.index! + m[0].length, hit: termsOf(m[0]).some((t) => matched.has(t)) });
  }
  return out;
}

function level(hits: Token[], text: string, queryTerms: number): Pick<HighlightValue, 'matchLevel' | 'matchedWords'> {
  const words = [...new Set(hits.map((t) => text.slice(t.start, t.end).toLowerCase()))];
  return {
    matchLevel: words.length === 0 ? 'none' : words.length >= queryTerms ? 'full' : 'partial',
    matchedWords: words,
  };
}

/** Escaped text between `from` and `to`, matches wrapped in pre/post tags. */
function render(text: string, toks: Token[], from: number, to: number, pre: string, post: string): string {
  let out = '';
  let at = from;
  for (const t of toks) {
    if (!t.hit || t.start < from || t.end > to) continue;
    out += `${escapeText(text.slice(at, t.start))}${pre}${escapeText(text.slice(t.start, t.end))}${post}`;
    at = t.end;
  }
  return out + escapeText(text.slice(at, to));
}

/**
 * The whole text, escaped, with matched words highlighted. `matched` holds index terms (as
 * MiniSearch reports them); `queryTerms` is the number of query words, for matchLevel.
 */
export function highlight(
  text: string,
  matched: ReadonlySet<string>,
  queryTerms: number,
  pre: string,
  post: string,
): HighlightValue {
  const toks = tokens(text, matched);
  const hits = toks.filter((t) => t.hit);
  return {
    value: render(text, toks, 0, text.length, pre, post),
    ...level(hits, text, queryTerms),
    fullyHighlighted: toks.length > 0 && hits.length === toks.length,
  };
}

/**
 * At most `words` words around the first match (from the start when nothing matched),
 * escaped and highlighted, with `ellipsis` where text was cut.
 */
export function snippet(
  text: string,
  matched: ReadonlySet<string>,
  queryTerms: number,
  words: number,
  pre: string,
  post: string,
  ellipsis: string,
): HighlightValue {
  const toks = tokens(text, matched);
  const hits = toks.filter((t) => t.hit);
  if (toks.length <= words) return { ...highlight(text, matched, queryTerms, pre, post), fullyHighlighted: undefined };
  const first = Math.max(
    0,
    toks.findIndex((t) => t.hit),
  );
  // Start a little before the first match so it reads in context.
  const startWord = Math.max(0, Math.min(first - Math.floor(words / 3), toks.length - words));
  const endWord = startWord + words - 1;
  const from = startWord === 0 ? 0 : toks[startWord].start;
  const to = endWord >= toks.length - 1 ? text.length : toks[endWord].end;
  const value = `${from > 0 ? escapeText(ellipsis) : ''}${render(text, toks, from, to, pre, post)}${to < text.length ? escapeText(ellipsis) : ''}`;
  return { value, ...level(hits, text, queryTerms) };
}
