import fs from 'node:fs';

/**
 * Values a build needs again only at its end (each doc's search records), kept in one scratch
 * file instead of memory: a 10,000-page site has ~270,000 records. Values are written as JSON
 * and read back by key, in any order, through the same descriptor.
 */
export class Spill<T> {
  private readonly fd: number;
  private readonly at = new Map<string, [offset: number, length: number]>();
  private end = 0;

  constructor(private readonly file: string) {
    this.fd = fs.openSync(file, 'w+');
  }

  put(key: string, value: T): void {
    const bytes = Buffer.from(JSON.stringify(value));
    fs.writeSync(this.fd, bytes, 0, bytes.length, this.end);
    this.at.set(key, [this.end, bytes.length]);
    this.end += bytes.length;
  }

  get(key: string): T {
    return readSpilled<T>(this.fd, this.where(key));
  }

  /** Where `key`'s value lies in the file, for a reader of its own (another thread: {@link readSpilled}). */
  where(key: string): SpillSlot {
    const where = this.at.get(key);
    if (!where) throw new Error(`nothing was spilled under ${key}`);
    return where;
  }

  get path(): string {
    return this.file;
  }

  /** Closes and deletes the scratch file. */
  dispose(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.file, { force: true });
  }
}

/** A spilled value's place: its offset and length in bytes. */
export type SpillSlot = [offset: number, length: number];

/** The value at `slot` of a spill file open as `fd`. */
export function readSpilled<T>(fd: number, [offset, length]: SpillSlot): T {
  const bytes = Buffer.alloc(length);
  fs.readSync(fd, bytes, 0, length, offset);
  return JSON.parse(bytes.toString('utf8')) as T;
}
