import zlib from 'node:zlib';
import { ScanlineMemory } from './scanlines.ts';

/*
 * PNGs that differ from one background in a few bands of rows (a card: its section and title),
 * compressed by Node's zlib. Part of the design's version (index.ts `designVersion`): the bytes
 * of every card depend on it.
 *
 * Compression is most of a card's cost: a card drawn whole and encoded by the canvas's own PNG
 * encoder (every row filter, level 6) takes ~25 ms of CPU (bench/cards.mjs). Here the image is
 * one zlib stream made of independent pieces, each ended by a sync flush: the runs of background
 * rows between the bands are compressed once per build at level 9 and reused; a band is
 * compressed unfiltered (the card is mostly flat colour) at level 1 (~7 % less CPU than level 3,
 * files ~5 % larger). The Adler-32 checksums of the pieces combine into the stream's (zlib's
 * adler32_combine).
 *
 * The card is opaque, so its pixels are RGB: a quarter fewer bytes to compress than RGBA (20–30 %
 * less CPU for zlib). The scanlines live in WebAssembly memory (scanlines.ts), where a band's
 * Adler-32 costs about a seventh of zlib's own, which Node exposes only through a second, stored
 * compression of the same bytes (0.06 against 0.44 ms for 900 KB).
 *
 * Everything here is synchronous: the card thread has nothing else to do meanwhile, and a trip
 * to libuv's threads per piece cost more CPU than the compression of a small band.
 */

/** zlib levels: background runs are compressed once, bands once per image. */
const BACKGROUND_LEVEL = 9;
const BAND_LEVEL = 1;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** zlib header: deflate, 32 KB window, default level. */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** The last deflate block: final, stored, empty. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** Bytes per pixel: 8-bit RGB. */
const CHANNELS = 3;

/** Bytes per scanline of an RGB image `width` pixels wide: the filter byte, then the pixels. */
export const scanlineBytes = (width: number) => 1 + width * CHANNELS;

/** Some rows of an image, compressed on their own: pieces in row order make the image's zlib stream. */
export interface Piece {
  /** Raw deflate data ending with a sync flush, so that pieces can follow one another. */
  data: Buffer;
  adler: number;
  /** Bytes of scanlines it holds. */
  length: number;
}

/** Rows `y` to `y + rows` of an image, compressed (`compressRows`). */
export interface Band {
  y: number;
  rows: number;
  piece: Piece;
}

/**
 * Encodes images that are one background (8-bit RGB scanlines, filter byte 0) except in some
 * bands. The caller sets the background once (`setBackground`), then per image draws each band's
 * pixels into the rows (`drawRows`) and compresses the band (`compressRows`), which puts the
 * background back in those rows.
 */
export class PngOverBackground {
  readonly stride: number;
  /** The background's scanlines. */
  readonly background: Buffer;
  /** The scanlines bands are drawn into: the background's everywhere else. */
  private readonly rows: Buffer;
  /** Where canvas pixels (RGBA) are copied into this memory before they become scanlines. */
  private readonly scratch: Buffer;
  /** Compressed runs of background rows, by `from:to`: a site's cards have few layouts, so few runs. */
  private readonly runs = new Map<string, Piece>();

  private constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly memory: ScanlineMemory,
    scratchBytes: number,
  ) {
    this.stride = scanlineBytes(width);
    const size = height * this.stride;
    this.rows = memory.bytes.subarray(0, size);
    this.background = memory.bytes.subarray(size, 2 * size);
    this.scratch = memory.bytes.subarray(2 * size, 2 * size + scratchBytes);
  }

  /** An encoder for images of `width` × `height`, whose bands are at most the whole image. */
  static async open(width: number, height: number): Promise<PngOverBackground> {
    const scratchBytes = width * height * 4;
    const memory = await ScanlineMemory.open(2 * height * scanlineBytes(width) + scratchBytes);
    return new PngOverBackground(width, height, memory, scratchBytes);
  }

  /** The background: the whole image's RGBA pixels (opaque). */
  setBackground(rgba: Buffer): void {
    this.toRows(this.background, rgba, this.width, 0, 0);
    this.background.copy(this.rows);
  }

  /** A block of RGBA pixels (opaque), `width` wide, drawn into the rows at column `x`, row `y`. */
  drawRows(rgba: Buffer, width: number, x: number, y: number): void {
    this.toRows(this.rows, rgba, width, x, y);
  }

  /** Copies RGBA pixels into `target`'s scanlines as RGB: their alpha is 255 on an opaque image. */
  private toRows(target: Buffer, rgba: Buffer, width: number, x: number, y: number): void {
    const rows = rgba.length / (width * 4);
    if (!Number.isInteger(rows) || x < 0 || y < 0 || x + width > this.width || y + rows > this.height)
      throw new Error(
        `PNG rows: ${rgba.length} bytes of pixels ${width} wide at ${x},${y} are not whole rows within the image`,
      );
    this.scratch.set(rgba);
    const [from, to] = [this.scratch.byteOffset, target.byteOffset + y * this.stride + 1 + x * CHANNELS];
    for (let row = 0; row < rows; row++) this.memory.rgbaToRgb(from + row * width * 4, to + row * this.stride, width);
  }

  /** Rows `y` to `end` of `rows`, compressed to go into `encode`; those rows are the background's again after. */
  compressRows(y: number, end: number): Piece {
    if (!(y >= 0 && y < end && end <= this.height)) throw new Error(`PNG band: rows ${y} to ${end} of ${this.height}`);
    try {
      return this.compress(this.rows, y, end, BAND_LEVEL);
    } finally {
      this.restore(y, end);
    }
  }

  /** Puts the background back in rows `y` to `end` of `rows` (after a band whose drawing failed). */
  restore(y: number, end: number): void {
    this.background.copy(this.rows, y * this.stride, y * this.stride, end * this.stride);
  }

  /** The PNG of the background with `bands` (sorted by `y`, not overlapping) in place of its rows. */
  encode(bands: Band[]): Buffer {
    const pieces: Piece[] = [];
    let y = 0;
    for (const band of bands) {
      if (band.y < y || band.y + band.rows > this.height || band.piece.length !== band.rows * this.stride)
        throw new Error(`PNG band at row ${band.y}: not sorted, overlapping, or not whole rows within the image`);
      if (band.y > y) pieces.push(this.run(y, band.y));
      pieces.push(band.piece);
      y = band.y + band.rows;
    }
    if (y < this.height) pieces.push(this.run(y, this.height));
    const adler = pieces.reduce((sum, piece) => adler32Combine(sum, piece.adler, piece.length), 1);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(adler);
    const idat = Buffer.concat([ZLIB_HEADER, ...pieces.map((p) => p.data), FINAL_BLOCK, trailer]);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bits per channel
    header[9] = 2; // colour type: RGB
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
  }

  private run(from: number, to: number): Piece {
    const key = `${from}:${to}`;
    let piece = this.runs.get(key);
    if (!piece) this.runs.set(key, (piece = this.compress(this.background, from, to, BACKGROUND_LEVEL)));
    return piece;
  }

  private compress(scanlines: Buffer, from: number, to: number, level: number): Piece {
    const data = scanlines.subarray(from * this.stride, to * this.stride);
    // An output buffer that holds the whole result saves zlib's calls for more room.
    const raw = zlib.deflateRawSync(data, {
      level,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, data.length >> 2),
    });
    return {
      // The result is a view of zlib's output buffer: a copy of its own lets that go, as pieces are kept.
      data: Buffer.from(raw),
      adler: this.memory.adler32(data.byteOffset, data.length),
      length: data.length,
    };
  }
}

/** zlib's adler32_combine: the checksum of A then B from those of A and B and B's length. */
export function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const BASE = 65521;
  const rem = length2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
