type IntArray = Int32Array | Uint8Array;

/**
 * A typed array that doubles when full: the index's postings are millions of small numbers on
 * a large site, 4 bytes each here against ~50 in MiniSearch's nested Maps.
 */
export class Growable<A extends IntArray> {
  length = 0;
  constructor(
    public data: A,
    private readonly make: (size: number) => A,
  ) {}

  push(value: number): number {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length] = value;
    return this.length++;
  }
}

export const int32s = (initial = 1024) => new Growable(new Int32Array(initial), (n) => new Int32Array(n));
export const uint8s = (initial = 1024) => new Growable(new Uint8Array(initial), (n) => new Uint8Array(n));
