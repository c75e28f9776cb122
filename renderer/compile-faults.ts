/**
 * A compile worker's failure, and what it makes of the doc it was on: a problem at the doc's
 * first line, in words a writer can act on (the worker's stack only for --debug).
 */
import type { CompiledDoc } from './compile-doc.ts';
import type { Problem } from './errors.ts';
import type { DocRoute } from './routes.ts';

export interface WorkerFault {
  /** memory: its heap exhausted; hang: no progress for too long; crash: any other error or exit. */
  kind: 'memory' | 'hang' | 'crash';
  message: string;
  stack?: string;
}

/** A doc compiled to nothing but `problem` (never cached: see CompiledDoc.transient). */
export function failedDoc(doc: DocRoute, problem: Problem): CompiledDoc {
  return {
    relPath: doc.doc.relPath,
    html: '',
    records: [],
    links: [],
    ids: [],
    toc: [],
    files: [],
    markdown: '',
    problems: [problem],
    transient: true,
  };
}

/** The doc a worker failed on. */
export function faultDoc(doc: DocRoute, fault: WorkerFault, stallMs: number): CompiledDoc {
  return failedDoc(doc, faultProblem(doc, fault, stallMs));
}

function faultProblem(doc: DocRoute, fault: WorkerFault, stallMs: number): Problem {
  const at = { file: doc.doc.file, line: doc.bodyLine, stack: fault.stack };
  if (fault.kind === 'memory') {
    return {
      ...at,
      message: "compiling this page exhausted the compiler's memory, and it was stopped",
      hint: 'Split the page; look for a huge table, list or code block, or thousands of links or headings.',
    };
  }
  if (fault.kind === 'hang') {
    return {
      ...at,
      message: `compiling this page made no progress for ${Math.round(stallMs / 1000)} s, and it was stopped`,
      hint: 'Look for lists or quotes nested thousands deep, a very large table, or thousands of unclosed "[", "*" or ":::"; split the page or fix the syntax.',
    };
  }
  return {
    ...at,
    message: `the compiler failed on this page: ${fault.message}`,
    hint: 'If the page looks right, this is a bug in the docs engine (run with --debug for the stack).',
  };
}
