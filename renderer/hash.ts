import fs from 'node:fs';
import crypto from 'node:crypto';

/** Hex SHA-1 of the parts, each followed by a NUL so that ("ab", "c") and ("a", "bc") differ. */
export function sha1(...parts: (string | Buffer)[]): string {
  const hash = crypto.createHash('sha1');
  for (const p of parts) hash.update(p).update('\0');
  return hash.digest('hex');
}

/** A folder's listing as a hash: a file added beside an import can change what the import resolves to. */
export function folderHash(dir: string): string {
  return sha1(fs.readdirSync(dir).sort().join('\n'));
}
