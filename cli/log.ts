import { BuildError } from '../renderer/errors.ts';

const tty = process.stderr.isTTY;
const paint = (code: string) => (s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const red = paint('31');
export const green = paint('32');
export const dim = paint('2');
export const bold = paint('1');

export function info(line: string): void {
  process.stderr.write(`${dim('docs')} ${line}\n`);
}

/** Prints an error as a human reads it; the stack only with --debug. Returns the exit code. */
export function printError(error: unknown, debug = false): number {
  if (error instanceof BuildError) {
    process.stderr.write(
      `${red('✖')} ${bold(`${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} found:`)}\n`,
    );
    for (const line of error.message.split('\n')) process.stderr.write(`  ${line}\n`);
    // Problems that come from an error the engine caught keep its stack, for whoever debugs the engine.
    if (debug) for (const p of error.problems) if (p.stack) process.stderr.write(`${dim(`${p.file}: ${p.stack}`)}\n`);
  } else {
    const e = error as Error;
    process.stderr.write(`${red('✖')} ${e?.message ?? String(error)}\n`);
    if (debug && e?.stack) process.stderr.write(`${dim(e.stack)}\n`);
    else process.stderr.write(dim('  (run with --debug for the stack trace)\n'));
  }
  return 1;
}

export function formatBytes(n: number): string {
  return n > 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`;
}
