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
    const where = this.at.get(key);
    if (!where) throw new Error(`nothing was spilled under ${key}`);
    const bytes = Buffer.alloc(where[1]);
    fs.readSync(this.fd, bytes, 0, where[1], where[0]);
    return JSON.parse(bytes.toString('utf8')) as T;
  }

  /** Closes and deletes the scratch file. */
  dispose(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.file, { force: true });
  }
}
