import type { z } from 'zod';
import type { Problem } from '../errors.ts';

/**
 * Turns a zod failure into one problem per issue, phrased as `key.path: what is wrong`, so a
 * writer sees which key to change rather than a union dump.
 */
export function zodProblems(error: z.ZodError, file: string, line?: number): Problem[] {
  return error.issues.map((issue) => {
    const key = issue.path.join('.') || '(root)';
    let message = issue.message;
    if (issue.code === 'invalid_type') message = `expected ${issue.expected}, received ${issue.received}`;
    if (issue.code === 'unrecognized_keys') message = `unknown key(s) ${issue.keys.map((k) => (k === '[object Object]' ? 'a "? …" complex key' : `"${k}"`)).join(', ')}`; // YAML names an object key "[object Object]"
    return { file, line, message: `${key}: ${message}`, hint: 'Fix the value, or remove the key if it is not needed.' };
  });
}
