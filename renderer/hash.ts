import crypto from 'node:crypto';

/** Hex SHA-1 of the parts, each followed by a NUL so that ("ab", "c") and ("a", "bc") differ. */
export function sha1(...parts: (string | Buffer)[]): string {
  const hash = crypto.createHash('sha1');
  for (const p of parts) hash.update(p).update('\0');
  return hash.digest('hex');
}
