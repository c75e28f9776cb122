/**
 * Build problems for humans: every problem names a file, a line and a column, says what is wrong
 * and what to do. The build collects them all and fails once with the whole list.
 */
export interface Problem {
  file: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
  /** Where the engine failed, when a problem comes from an error it caught: printed with --debug only. */
  stack?: string;
}

/** Thrown when a build step finds one or more problems in the site's input. */
export class BuildError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'BuildError';
    this.problems = problems;
  }
}

export function formatProblem(p: Problem): string {
  const where = [p.file, p.line, p.column].filter((x) => x !== undefined).join(':');
  return `${where}: ${p.message}${p.hint ? `\n    → ${p.hint}` : ''}`;
}

/** Collects problems during a step, then throws them together. */
export class ProblemList {
  readonly items: Problem[] = [];
  add(p: Problem): void {
    this.items.push(p);
  }
  throwIfAny(): void {
    if (this.items.length) throw new BuildError(this.items);
  }
}

/** Developer-facing errors of spec §8 (no user message): missing route context or docs data. */
export class MissingDataError extends Error {
  /** `message` is one of DEV_ERRORS (theme/shared/dev-errors.ts), which says what to pass. */
  constructor(message: string) {
    super(message);
    this.name = 'MissingDataError';
  }
}
