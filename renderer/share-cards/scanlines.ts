import { SCANLINES_WASM } from './scanlines-wasm.ts';

/*
 * A card's pixel memory: one WebAssembly memory of a fixed size holding the regions the PNG
 * encoder works in (the scanlines, the background's, the pixels read from the canvas), so that
 * its two byte loops, Adler-32 and RGBA → RGB (scanlines.wat), run over them without a copy.
 * The memory never grows: views of it stay valid.
 */

interface Exports {
  adler32(adler: number, at: number, length: number): number;
  rgbaToRgb(from: number, to: number, pixels: number): void;
}

/** What this uses of the WebAssembly API, which the engine's compiler settings (no DOM library) do not declare. */
interface Wasm {
  Memory: new (size: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: unknown }>;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let compiled: Promise<object> | undefined;

export class ScanlineMemory {
  /** The whole memory, as bytes. */
  readonly bytes: Buffer;
  private constructor(
    private readonly exports: Exports,
    memory: { buffer: ArrayBuffer },
  ) {
    this.bytes = Buffer.from(memory.buffer);
  }

  /** A memory of at least `size` bytes. */
  static async open(size: number): Promise<ScanlineMemory> {
    const pages = Math.ceil(size / 65_536);
    const memory = new wasm.Memory({ initial: pages, maximum: pages });
    compiled ??= wasm.compile(Buffer.from(SCANLINES_WASM, 'base64'));
    const instance = await wasm.instantiate(await compiled, { card: { memory } });
    return new ScanlineMemory(instance.exports as unknown as Exports, memory);
  }

  /** Adler-32 of `length` bytes at `at`, going on from `adler` (1 for the first bytes). */
  adler32(at: number, length: number, adler = 1): number {
    this.check(at, length);
    return this.exports.adler32(adler, at, length) >>> 0;
  }

  /** Copies `pixels` RGBA pixels at `from` to `to` as RGB, dropping alpha. */
  rgbaToRgb(from: number, to: number, pixels: number): void {
    this.check(from, pixels * 4);
    this.check(to, pixels * 3);
    this.exports.rgbaToRgb(from, to, pixels);
  }

  /** WebAssembly traps past the memory's end; a range within it that is wrong is worse. */
  private check(at: number, length: number): void {
    if (!(at >= 0 && length >= 0 && at + length <= this.bytes.length))
      throw new RangeError(`scanline memory: ${length} bytes at ${at} are outside its ${this.bytes.length}`);
  }
}
