import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScanlineMemory } from '../../renderer/share-cards/scanlines.ts';
import { SCANLINES_WASM } from '../../renderer/share-cards/scanlines-wasm.ts';
import { ROOT } from '../helpers/site.ts';

/** zlib's own Adler-32: the trailer of a stored (level 0) zlib stream of the bytes. */
const zlibAdler = (bytes: Uint8Array) => {
  const stream = zlib.deflateSync(bytes, { level: 0 });
  return stream.readUInt32BE(stream.length - 4);
};

describe('scanline memory (share cards’ WebAssembly loops)', async () => {
  const memory = await ScanlineMemory.open(4 << 20);

  it('gives zlib’s Adler-32 for any bytes at any place, in one call or going on from a first part', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 20_000 }),
        fc.nat(64),
        fc.nat(),
        fc.constantFrom('random', 'flat', 'ff'),
        (random, at, cut, kind) => {
          // Flat and 0xff runs are the card's background and the sums' worst case.
          const bytes = kind === 'random' ? random : new Uint8Array(random.length).fill(kind === 'ff' ? 0xff : 0x2a);
          memory.bytes.set(bytes, at);
          const split = bytes.length ? cut % (bytes.length + 1) : 0;
          const expected = zlibAdler(bytes);
          expect(memory.adler32(at, bytes.length)).toBe(expected);
          expect(memory.adler32(at + split, bytes.length - split, memory.adler32(at, split))).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('stays exact over a whole card’s scanlines of 0xff (the largest sums)', () => {
    const length = 630 * 3601;
    memory.bytes.fill(0xff, 0, length);
    expect(memory.adler32(0, length)).toBe(zlibAdler(memory.bytes.subarray(0, length)));
  });

  it('copies RGBA pixels as RGB and writes nothing outside the RGB bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4 * 300 }), fc.nat(15), fc.nat(15), (raw, fromPad, toPad) => {
        const pixels = raw.length >> 2;
        const from = 16 + fromPad;
        const to = 8192 + toPad;
        memory.bytes.set(raw.subarray(0, pixels * 4), from);
        memory.bytes.fill(0xee, to - 32, to + pixels * 3 + 32);
        memory.rgbaToRgb(from, to, pixels);
        const expected = Buffer.alloc(pixels * 3);
        for (let i = 0; i < pixels; i++) for (let c = 0; c < 3; c++) expected[i * 3 + c] = raw[i * 4 + c];
        expect(memory.bytes.subarray(to, to + pixels * 3)).toEqual(expected);
        expect(memory.bytes.subarray(to - 32, to).every((b) => b === 0xee)).toBe(true);
        expect(memory.bytes.subarray(to + pixels * 3, to + pixels * 3 + 32).every((b) => b === 0xee)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a range outside its memory instead of trapping or wrapping', () => {
    expect(() => memory.adler32(memory.bytes.length - 4, 8)).toThrow(RangeError);
    expect(() => memory.rgbaToRgb(0, memory.bytes.length - 2, 1)).toThrow(RangeError);
  });

  it('holds the module assembled from scanlines.wat: the functions it exports', () => {
    // The bytes are generated (scripts/build-scanlines-wasm.mjs); the exports they hold are the .wat's.
    const wat = fs.readFileSync(path.join(ROOT, 'renderer/share-cards/scanlines.wat'), 'utf8');
    const exported = [...wat.matchAll(/\(export "(\w+)"\)/g)].map((m) => m[1]).sort();
    const module = new WebAssembly.Module(Buffer.from(SCANLINES_WASM, 'base64'));
    expect(
      WebAssembly.Module.exports(module)
        .map((e) => e.name)
        .sort(),
    ).toEqual(exported);
  });
});
