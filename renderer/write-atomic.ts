import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `file` whole or not at all: into a temp file beside it, then renamed over it, so a
 * reader (another build, a test run, a worker thread of this process) never sees half a file.
 * The temp name carries the pid and a random part: threads of one process share the pid.
 */
export function writeFileAtomic(file: string, data: string | NodeJS.ArrayBufferView): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}
