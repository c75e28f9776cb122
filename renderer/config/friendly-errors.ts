import type { z } from 'zod';
import type { Problem } from '../errors.ts';

/**
 * Turns a zod failure into one problem per issue, phrased as `key.path: what is wrong`, so a
 * writer sees which key to change rather than a union dump.
 */
export function zodProblems(
  error: z.ZodError,
  file: string,
  line?: number | ((key: string | number | undefined) => number | undefined),
): Problem[] {
  return error.issues.map((issue) => {
    const at = typeof line === 'function' ? line(issue.path[0]) : line;
    const key = issue.path.join('.') || '(root)';
    let message = issue.message;
    if (issue.code === 'invalid_type') message = `expected ${issue.expected}, received ${issue.received}`;
    if (issue.code === 'unrecognized_keys')
      message = `unknown key(s) ${issue.keys.map((k) => (k === '[object Object]' ? 'a "? …" complex key' : `"${k}"`)).join(', ')}`; // YAML names an object key "[object Object]"
    return {
      file,
      line: at,
      message: `${key}: ${message}`,
      hint: 'Fix the value, or remove the key if it is not needed.',
    };
  });
}
