import { escapeText } from '../../theme/shared/escape.ts';
import { DIAGRAM_LANGUAGES, GrammarNotLoaded } from './shiki.ts';

/**
 * ```` ```mermaid title="…" ```` fences → inline SVG, drawn during the build by beautiful-mermaid
 * (pure TypeScript, no browser, no diagram code sent to readers).
 *
 * The renderer's SVG is made to fit the page:
 * - colours: it paints with CSS variables (`var(--bg)`, `var(--_line)`, …) and derives most of
 *   them in a `<style>` of its own, which would leak into the whole page (`svg { … }`) and
 *   @import a web font. The `<style>` is dropped and every variable renamed `--diagram-…`; the
 *   site's stylesheet defines them from its colour-mode tokens (theme/styles/diagrams.css), so
 *   one SVG follows light and dark. A variable this list does not know (a diagram type whose colours
 *   the stylesheet does not define, e.g. xychart) is refused rather than drawn half-coloured.
 * - ids (arrow markers, node ids) get a per-page prefix, so two diagrams never share one.
 * - accessibility: `role="img"` named by a `<title>` from the fence's `title="…"`.
 * - weight: `data-*` attributes (for the renderer's own scripts) go, numbers keep 2 decimals.
 */

export function isDiagramLanguage(lang: string): boolean {
  return (DIAGRAM_LANGUAGES as readonly string[]).includes(lang.toLowerCase());
}

/**
 * The renderer's variables → the site's (`--diagram-<name>`), defined in
 * theme/styles/diagrams.css from the colour-mode tokens (a test checks the two lists agree).
 */
export const DIAGRAM_VARIABLES: Record<string, string> = {
  bg: 'bg',
  fg: 'text',
  _text: 'text',
  '_text-sec': 'text-sec',
  '_text-muted': 'text-muted',
  '_text-faint': 'text-muted',
  _line: 'line',
  _arrow: 'arrow',
  '_node-fill': 'node-fill',
  '_node-stroke': 'node-stroke',
  '_group-fill': 'group-fill',
  '_group-hdr': 'group-hdr',
  '_inner-stroke': 'inner-stroke',
  '_key-badge': 'group-hdr',
};

/** A diagram that cannot be drawn; `line` is 1-based within the fence's content when known. */
export class DiagramError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'DiagramError';
  }
}

type Renderer = typeof import('beautiful-mermaid');
let renderer: Renderer | undefined;
let loading: Promise<void> | undefined;

/**
 * The renderer takes ~0.1 s to import (its layout engine, ELK, is 3.5 MB), so a thread loads it
 * only when a page it compiles has a diagram: `prepare` sees the fence, or a block throws
 * GrammarNotLoaded (like a missing grammar) and the page is compiled again once it is loaded.
 */
export function loadDiagramRenderer(): Promise<void> {
  return (loading ??= import('beautiful-mermaid').then((m) => {
    renderer = m;
  }));
}

// A fence's info string (as shiki.ts FENCE_LANGUAGE), also inside lists and quotes.
const DIAGRAM_FENCE = new RegExp(
  `^[ \\t>*+\\-\\d.]*(?:\`{3,}|~{3,})[ \\t]*(?:${DIAGRAM_LANGUAGES.join('|')})(?![^\\s{])`,
  'im',
);

/** Whether `markdown` has a diagram fence (so its thread should load the renderer first). */
export function hasDiagramFence(markdown: string): boolean {
  return DIAGRAM_FENCE.test(markdown);
}

/** Stand for the page's id prefix and the diagram's title in a memoised SVG. */
const PREFIX = '\u0000';
const TITLE = '\u0001';

/** Source → prepared SVG (ids as PREFIX + id), so a page compiled again (docs dev) draws nothing twice. */
const memo = new Map<string, string | DiagramError>();
const MEMO_MAX = 500;

/** Milliseconds spent in the renderer by this thread (bench and tests read it). */
export const diagramStats = { renders: 0, memoHits: 0, ms: 0 };

/**
 * Draws `source` as an inline SVG named by `title`; every id in it starts with `idPrefix`
 * (unique per page). Throws DiagramError for a diagram that cannot be drawn.
 */
export function renderDiagram(source: string, title: string, idPrefix: string): string {
  let prepared = memo.get(source);
  if (prepared === undefined) {
    if (!renderer) throw new GrammarNotLoaded(DIAGRAM_LANGUAGES[0]);
    prepared = prepare(renderer, source);
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
    memo.set(source, prepared);
  } else diagramStats.memoHits++;
  if (prepared instanceof DiagramError) throw prepared;
  return prepared.replace(TITLE, () => escapeText(title)).replaceAll(PREFIX, idPrefix);
}

/** Diagram types whose SVG paints only with DIAGRAM_VARIABLES (xychart-beta brings colours and a stylesheet of its own). */
const SUPPORTED = /^(?:graph|flowchart|stateDiagram(?:-v2)?|sequenceDiagram|classDiagram|erDiagram)\b/;

function prepare(renderer: Renderer, source: string): string | DiagramError {
  const lines = source.split('\n');
  const headerIndex = lines.findIndex((l) => l.trim() && !l.trim().startsWith('%%'));
  const header = lines[headerIndex]?.trim() ?? '';
  if (!SUPPORTED.test(header)) {
    const kind = header.split(/\s/)[0] || '(empty)';
    return new DiagramError(
      `"${kind}" diagrams are not supported: use flowchart, sequenceDiagram, stateDiagram-v2, classDiagram or erDiagram (their colours are defined for light and dark mode)`,
      headerIndex === -1 ? undefined : headerIndex + 1,
    );
  }
  const started = performance.now();
  let svg: string;
  try {
    svg = renderer.renderMermaidSVG(source, { transparent: true });
  } catch (error: any) {
    return new DiagramError(String(error?.message ?? error).trim(), lineOf(source, String(error?.message ?? '')));
  } finally {
    diagramStats.renders++;
    diagramStats.ms += performance.now() - started;
  }
  svg = svg.replace(/<style>[\s\S]*?<\/style>\s*/g, '');
  // beautiful-mermaid 1.1.3 draws the start marker of `<-->` edges reversed twice (a reversed
  // polygon and orient="auto-start-reverse"), so it points into the line and hides under the
  // node: give it the end marker's shape and let the orientation flip it.
  svg = svg.replace(
    /(<marker id="arrowhead-start[^"]*"[^>]*?)refX="1"([^>]*orient="auto-start-reverse">\s*<polygon points=")([\d.]+) 0, 0 ([\d.]+), \3 ([\d.]+)"/g,
    (_, open: string, rest: string, w: string, half: string, h: string) =>
      `${open}refX="${Number(w) - 1}"${rest}0 0, ${w} ${half}, 0 ${h}"`,
  );

  const unknown = new Set<string>();
  const ids = new Set<string>();
  let unsafe = false;
  // Tags only, never label text: `<[^>]*>` is safe because the renderer escapes `<` and `>` in attribute values.
  svg = svg.replace(/<[^>]*>/g, (tag) => {
    if (/^<\/?(?:script|foreignObject|iframe|a)\b/i.test(tag)) unsafe = true;
    if (tag.startsWith('<svg')) {
      const box = /viewBox="([^"]*)"/.exec(tag)?.[1].split(/\s+/).map(Number);
      if (!box || box.length !== 4 || !box.every(Number.isFinite)) return tag;
      const [w, h] = [round(box[2]), round(box[3])];
      // Scaled down to fit the column, but never below 3/4 (labels stay readable): narrower
      // screens scroll the figure instead.
      return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${PREFIX}title" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" style="min-width:${Math.round(w * 0.75)}px"><title id="${PREFIX}title">${TITLE}</title>`;
    }
    tag = tag.replace(/\sdata-[\w-]+="[^"]*"/g, '');
    for (const [, name, value] of tag.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      if (/^on/i.test(name) || (/href$/i.test(name) && !value.startsWith('#'))) unsafe = true;
    }
    return tag
      .replace(/\d+\.\d{3,}/g, (n) => String(round(Number(n))))
      .replace(/\sid="([^"]*)"/g, (_, id: string) => {
        ids.add(id);
        return ` id="${PREFIX}${id}"`;
      })
      .replace(/var\(--([\w-]+)/g, (_, name: string) => {
        const ours = DIAGRAM_VARIABLES[name];
        if (!ours) unknown.add(name);
        return `var(--diagram-${ours ?? name}`;
      });
  });
  if (unsafe) return new DiagramError('the renderer produced a script, a link or an event handler');
  svg = svg.replace(/(url\(#|href="#)([^)"]*)/g, (m, lead: string, id: string) =>
    ids.has(id) ? `${lead}${PREFIX}${id}` : m,
  );
  if (unknown.size) {
    return new DiagramError(
      `this kind of diagram uses colours the site does not define (--${[...unknown].join(', --')})`,
    );
  }
  if (/<g class="subgraph"[^>]*>\s*<rect[^>]*\swidth="0"/.test(svg)) {
    return new DiagramError('a subgraph is drawn empty: its nodes were declared before it');
  }
  return svg.replace(/\n\s*/g, '\n');
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The line of `source` an error message quotes (`"…"`), 1-based. */
function lineOf(source: string, message: string): number | undefined {
  const quoted = /"([^"]+)"/.exec(message)?.[1]?.trim();
  if (!quoted) return undefined;
  const index = source.split('\n').findIndex((l) => l.trim() === quoted);
  return index === -1 ? undefined : index + 1;
}
