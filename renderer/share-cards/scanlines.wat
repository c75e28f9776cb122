;; Two loops of a share card's PNG encoder (png.ts) over the card's memory, in WebAssembly with
;; SIMD: what JavaScript does a byte at a time, this does 16 bytes at a time. The source of
;; scanlines-wasm.ts: after an edit, run `node scripts/build-scanlines-wasm.mjs`.
(module
  (import "card" "memory" (memory 1))

  ;; The Adler-32 checksum (RFC 1950) of `len` bytes at `p`, going on from `adler` (1 to start).
  ;; 16 bytes a step, in four 32-bit lanes: the bytes' sum (s1), their sum weighted by their
  ;; distance to the step's end (what s2 gains from them), and the sum of s1 before each step
  ;; (which counts 16 times in s2). Reduced modulo 65521 every 5536 bytes, which keeps every lane
  ;; and total under 2^32 (zlib's bound, NMAX, is 5552).
  (func (export "adler32") (param $adler i32) (param $p i32) (param $len i32) (result i32)
    (local $s1 i32) (local $s2 i32) (local $n i32) (local $end i32)
    (local $v v128) (local $sums v128) (local $weighted v128) (local $before v128)
    (local.set $s1 (i32.and (local.get $adler) (i32.const 0xffff)))
    (local.set $s2 (i32.shr_u (local.get $adler) (i32.const 16)))
    (block $chunks_done
      (loop $chunks
        (local.set $n
          (select (i32.const 5536) (i32.and (local.get $len) (i32.const -16))
            (i32.gt_u (local.get $len) (i32.const 5536))))
        (br_if $chunks_done (i32.eqz (local.get $n)))
        (local.set $end (i32.add (local.get $p) (local.get $n)))
        (local.set $sums (v128.const i32x4 0 0 0 0))
        (local.set $weighted (v128.const i32x4 0 0 0 0))
        (local.set $before (v128.const i32x4 0 0 0 0))
        (loop $steps
          (local.set $v (v128.load align=1 (local.get $p)))
          (local.set $before (i32x4.add (local.get $before) (local.get $sums)))
          (local.set $sums
            (i32x4.add (local.get $sums)
              (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $v)))))
          (local.set $weighted
            (i32x4.add (local.get $weighted)
              (i32x4.add
                (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_u (local.get $v))
                  (v128.const i16x8 16 15 14 13 12 11 10 9))
                (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_u (local.get $v))
                  (v128.const i16x8 8 7 6 5 4 3 2 1)))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (br_if $steps (i32.lt_u (local.get $p) (local.get $end))))
        ;; s2 += n × s1 + 16 × Σbefore + Σweighted, in 64 bits; s1 += Σsums.
        (local.set $s2
          (i32.wrap_i64
            (i64.rem_u
              (i64.add
                (i64.add (i64.extend_i32_u (local.get $s2))
                  (i64.mul (i64.extend_i32_u (local.get $n)) (i64.extend_i32_u (local.get $s1))))
                (i64.add
                  (i64.shl (i64.extend_i32_u (call $lanes (local.get $before))) (i64.const 4))
                  (i64.extend_i32_u (call $lanes (local.get $weighted)))))
              (i64.const 65521))))
        (local.set $s1
          (i32.rem_u (i32.add (local.get $s1) (call $lanes (local.get $sums))) (i32.const 65521)))
        (local.set $len (i32.sub (local.get $len) (local.get $n)))
        (br $chunks)))
    ;; The last bytes (fewer than 16), one at a time.
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.eqz (local.get $len)))
        (local.set $s1 (i32.add (local.get $s1) (i32.load8_u (local.get $p))))
        (local.set $s2 (i32.add (local.get $s2) (local.get $s1)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (local.set $len (i32.sub (local.get $len) (i32.const 1)))
        (br $tail)))
    (i32.or
      (i32.shl (i32.rem_u (local.get $s2) (i32.const 65521)) (i32.const 16))
      (i32.rem_u (local.get $s1) (i32.const 65521))))

  ;; The sum of a vector's four 32-bit lanes.
  (func $lanes (param $v v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
      (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))

  ;; `pixels` RGBA pixels at `src` as RGB at `dst` (alpha dropped). Four pixels a step: a 16-byte
  ;; store fills 12 bytes and writes 4 more that the next step overwrites, so steps run while 6
  ;; pixels or more are left, and the last ones go one at a time.
  (func (export "rgbaToRgb") (param $src i32) (param $dst i32) (param $pixels i32)
    (block $steps_done
      (loop $steps
        (br_if $steps_done (i32.lt_u (local.get $pixels) (i32.const 6)))
        (v128.store align=1 (local.get $dst)
          (i8x16.swizzle (v128.load align=1 (local.get $src))
            (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 12 13 14 15)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 12)))
        (local.set $pixels (i32.sub (local.get $pixels) (i32.const 4)))
        (br $steps)))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.eqz (local.get $pixels)))
        (i32.store16 align=1 (local.get $dst) (i32.load16_u align=1 (local.get $src)))
        (i32.store8 offset=2 (local.get $dst) (i32.load8_u offset=2 (local.get $src)))
        (local.set $src (i32.add (local.get $src) (i32.const 4)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 3)))
        (local.set $pixels (i32.sub (local.get $pixels) (i32.const 1)))
        (br $tail))))
)
