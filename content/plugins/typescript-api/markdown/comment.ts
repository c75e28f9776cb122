import type { JSONOutput as J } from 'typedoc';
import { escapeCommentText, escapeLiteral, inlineCode, link, tableCell } from './escape.ts';
import type { Resolve } from './type-format.ts';
import { resolveLanguage } from '../../../../renderer/markdown/shiki.ts';
import { DESCRIPTION_MAX } from '../../../../renderer/config/frontmatter.ts';

/**
 * Comment text is written through as Markdown. `block` keeps paragraphs and fenced code;
 * `cell` flattens everything to one line for a table cell.
 */
export type CommentMode = 'block' | 'cell';

/** Gives an unknown or missing fence language the `text` language, which the engine accepts. */
function normalizeFence(code: string): string {
  return code.replace(/^(\s*)(`{3,}|~{3,})([^\n]*)/, (_m, indent: string, fence: string, info: string) => {
    const [lang = '', ...meta] = info.trim().split(/\s+/);
    const known = resolveLanguage(lang) ? lang : 'text';
    return `${indent}${fence}${[known, ...meta].join(' ').trimEnd()}`;
  });
}

/** A fenced block squeezed into one line of inline code, for table cells. */
function fenceToInline(code: string): string {
  const body = code.replace(/^\s*(`{3,}|~{3,})[^\n]*\n?/, '').replace(/\n?\s*(`{3,}|~{3,})\s*$/, '');
  return inlineCode(
    body
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' '),
  );
}

function isFence(code: string): boolean {
  return /^\s*(`{3,}|~{3,})/.test(code);
}

/** `{@link Target}`, `{@linkcode}`, `{@linkplain}`: a link when the target is documented. */
function inlineTag(part: Extract<J.CommentDisplayPart, { kind: 'inline-tag' }>, resolve: Resolve): string {
  const label = part.text || (typeof part.target === 'string' ? part.target : '');
  const text = part.tag === '@linkcode' ? inlineCode(label) : escapeLiteral(label);
  if (!['@link', '@linkcode', '@linkplain'].includes(part.tag)) return escapeLiteral(label);
  if (typeof part.target === 'number') {
    const to = resolve(part.target);
    if (to) return link(text, to.route, to.anchor);
  }
  if (typeof part.target === 'string' && /^https?:\/\//.test(part.target)) return link(text, part.target);
  // A target outside the reference (another package, an unexported name) stays readable text.
  return part.tag === '@linkplain' ? text : inlineCode(label);
}

/** TSDoc display parts → Markdown. */
export function partsToMarkdown(
  parts: J.CommentDisplayPart[] | undefined,
  resolve: Resolve,
  mode: CommentMode = 'block',
): string {
  let out = '';
  for (const part of parts ?? []) {
    const atLineStart = out === '' || out.endsWith('\n');
    switch (part.kind) {
      case 'text':
        out += escapeCommentText(part.text, atLineStart);
        break;
      case 'code':
        if (!isFence(part.text)) out += part.text;
        else if (mode === 'cell') out += fenceToInline(part.text);
        else out += `${atLineStart ? '' : '\n'}${normalizeFence(part.text.trim())}\n`;
        break;
      case 'inline-tag':
        out += inlineTag(part, resolve);
        break;
      case 'relative-link':
        out += escapeLiteral(part.text);
        break;
    }
  }
  out = out.trim();
  return mode === 'cell' ? tableCell(out) : out;
}

/** The summary of a comment as Markdown (empty when there is none). */
export function summaryMarkdown(comment: J.Comment | undefined, resolve: Resolve, mode: CommentMode = 'block'): string {
  return partsToMarkdown(comment?.summary, resolve, mode);
}

/** Labels for the block tags shown after a description, in TSDoc's own vocabulary. */
const TAG_LABELS: Record<string, string> = {
  '@remarks': '',
  '@example': 'Example',
  '@see': 'See also',
  '@defaultValue': 'Default value',
  '@default': 'Default value',
  '@throws': 'Throws',
  '@since': 'Since',
};

/** Tags rendered elsewhere: parameters and return values have their own tables and lines. */
const HANDLED_ELSEWHERE = new Set([
  '@param',
  '@typeParam',
  '@template',
  '@returns',
  '@return',
  '@deprecated',
  '@hidden',
  '@internal',
]);

/** Deprecation and experimental notices as admonitions (empty when neither applies). */
export function noticesMarkdown(comment: J.Comment | undefined, resolve: Resolve): string {
  const blocks: string[] = [];
  const deprecated = comment?.blockTags?.find((t) => t.tag === '@deprecated');
  if (deprecated) {
    const text = partsToMarkdown(deprecated.content, resolve) || 'The SDK marks this API as deprecated.';
    blocks.push(`:::warning[Deprecated]\n${text}\n:::`);
  }
  if (comment?.modifierTags?.includes('@experimental') || comment?.modifierTags?.includes('@beta')) {
    blocks.push(
      ':::note[Experimental]\nThe SDK marks this API as experimental: it can change or go away in a later release.\n:::',
    );
  }
  return blocks.join('\n\n');
}

/** The block tags other than parameters and returns (`@remarks`, `@example`, `@see`, …). */
export function blockTagsMarkdown(comment: J.Comment | undefined, resolve: Resolve): string {
  const blocks: string[] = [];
  for (const tag of comment?.blockTags ?? []) {
    if (HANDLED_ELSEWHERE.has(tag.tag)) continue;
    const body = partsToMarkdown(tag.content, resolve);
    if (!body) continue;
    const label = TAG_LABELS[tag.tag] ?? tag.tag.slice(1).replace(/^./, (c) => c.toUpperCase());
    if (!label) blocks.push(body);
    else if (/^\s*(`{3,}|~{3,})/.test(body) || body.includes('\n\n')) blocks.push(`**${label}**\n\n${body}`);
    else blocks.push(`**${label}:** ${body}`);
  }
  return blocks.join('\n\n');
}

/**
 * The full description of a reflection: deprecation and experimental notices, the summary, then
 * the remaining block tags as labelled paragraphs.
 */
export function commentMarkdown(comment: J.Comment | undefined, resolve: Resolve): string {
  return [noticesMarkdown(comment, resolve), summaryMarkdown(comment, resolve), blockTagsMarkdown(comment, resolve)]
    .filter(Boolean)
    .join('\n\n');
}

/** A comment squeezed into a table cell: a deprecation note, then the summary. */
export function commentCell(comment: J.Comment | undefined, resolve: Resolve): string {
  const deprecated = comment?.blockTags?.find((t) => t.tag === '@deprecated');
  const note = deprecated
    ? `**Deprecated**${deprecated.content.length ? `: ${partsToMarkdown(deprecated.content, resolve, 'cell').replace(/\.$/, '')}` : ''}. `
    : '';
  return `${note}${summaryMarkdown(comment, resolve, 'cell')}`.trim();
}

/** The `@returns` text of a comment, as Markdown. */
export function returnsMarkdown(comment: J.Comment | undefined, resolve: Resolve): string {
  const tag = comment?.blockTags?.find((t) => t.tag === '@returns' || t.tag === '@return');
  return tag ? partsToMarkdown(tag.content, resolve) : '';
}

/** Plain text of display parts (no Markdown), for frontmatter descriptions and summaries. */
export function partsToPlainText(parts: J.CommentDisplayPart[] | undefined): string {
  const raw = (parts ?? [])
    .map((p) => {
      if (p.kind === 'code') return isFence(p.text) ? '' : p.text.replace(/^`+|`+$/g, '');
      return p.text;
    })
    .join('');
  return raw
    .replace(/!?\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '$1') // [text](url) → text
    .replace(/(\*\*|__)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Abbreviations whose final dot does not end a sentence. */
const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|cf)\.$/i;

/**
 * The first sentence of a summary as plain text, at most `max` characters (cut at a word
 * boundary with an ellipsis when the sentence is longer).
 */
export function firstSentence(comment: J.Comment | undefined, max = DESCRIPTION_MAX): string {
  const firstParagraph = partsToPlainText(comment?.summary?.length ? splitFirstParagraph(comment.summary) : undefined);
  let sentence = firstParagraph;
  const re = /[.!?](?=\s|$)/g;
  for (let m = re.exec(firstParagraph); m; m = re.exec(firstParagraph)) {
    const candidate = firstParagraph.slice(0, m.index + 1);
    if (ABBREVIATIONS.test(candidate)) continue;
    sentence = candidate;
    break;
  }
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:(]+$/, '')}…`;
}

/** The display parts of a summary up to its first blank line. */
function splitFirstParagraph(parts: J.CommentDisplayPart[]): J.CommentDisplayPart[] {
  const out: J.CommentDisplayPart[] = [];
  for (const p of parts) {
    if (p.kind === 'text' && p.text.includes('\n\n')) {
      out.push({ kind: 'text', text: p.text.slice(0, p.text.indexOf('\n\n')) });
      break;
    }
    out.push(p);
  }
  return out;
}
