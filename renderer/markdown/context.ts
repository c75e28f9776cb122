import type { VFile } from 'vfile';
import type { Node } from 'unist';
import type { ProblemList } from '../errors.ts';
import type { DocRoute, RouteTable } from '../routes.ts';
import type { TocEntry } from '../../theme/shared/types.ts';

/** A link found in a doc, kept with its position for file:line:col reports. */
export interface FoundLink {
  /** Route the link points to (baseUrl not included), e.g. `/extending/arguments`. */
  route: string;
  anchor?: string;
  line?: number;
  column?: number;
}

/** What the pipeline's plugins read and write for one doc (stored on `file.data.docs`). */
export interface DocContext {
  doc: DocRoute;
  table: RouteTable;
  problems: ProblemList;
  baseUrl: string;
  /** Directory of static files (images), to check that referenced files exist. */
  staticDir: string;
  /** The docs folder: files next to docs (relative images) are copied to the output. */
  docsDir: string;
  /** Files under docsDir this doc references, to copy (POSIX paths relative to docsDir). */
  files: Set<string>;
  links: FoundLink[];
  /** Every element id on the page (headings), for anchor checks. */
  ids: Set<string>;
  toc: TocEntry[];
  /** The body of the doc's Markdown copy (remark-markdown-copy.ts), written from the same parse. */
  markdown?: string;
}

export function ctx(file: VFile): DocContext {
  return (file.data as { docs: DocContext }).docs;
}

/** Reports a problem at a node's position, shifted by the frontmatter's line count. */
export function report(file: VFile, node: Node | undefined, message: string, hint?: string): void {
  const c = ctx(file);
  const start = node?.position?.start;
  c.problems.add({
    file: c.doc.doc.file,
    line: start ? start.line + c.doc.bodyLine - 1 : undefined,
    column: start?.column,
    message,
    hint,
  });
}
