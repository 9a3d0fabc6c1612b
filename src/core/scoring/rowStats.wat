;; Row statistics of one logits row, the same numbers as distribution.ts's JavaScript bit for bit:
;; the same comparisons, the same index-order sums, and an exp that is V8's Math.exp (fdlibm's
;; e_exp, as in V8's src/base/ieee754.cc) evaluated two lanes at a time. Compiled by
;; scripts/build-row-stats-wasm.mjs into rowStatsWasm.ts.
;;
;; Memory layout (bytes):
;;   0   f64  max (the first maximal logit, as its own value)
;;   8   f64  sum of exp(d)·d (pass 2's second sum)
;;   16  i32  argmax            20  i32  logits above the target's
;;   24  i32  top-k filled      28  i32  1 when the row needs the JavaScript path (NaN, ±Infinity max)
;;   64  i32  top-k ids[128]    576 f64 top-k values[128]
;;   2048 f32 the row, then 16 bytes of slack (pass 2 reads in pairs)
(module
  (import "js" "cutBoth" (func $cutBoth (param f64 f64) (result f64)))
  (import "js" "cutOne" (func $cutOne (param f64) (result f64)))
  (memory (export "memory") 1)

  (global $filled (mut i32) (i32.const 0))
  (global $low (mut f64) (f64.const inf))
  (global $k (mut i32) (i32.const 0))

  ;; Top-k by insertion, as rowStats: a later equal logit goes after an earlier one.
  (func $consider (param $i i32)
    (local $v f64) (local $j i32)
    (local.set $v (f64.promote_f32 (f32.load offset=2048 (i32.shl (local.get $i) (i32.const 2)))))
    (if (i32.or (f64.gt (local.get $v) (global.get $low)) (i32.lt_s (global.get $filled) (global.get $k)))
      (then
        (if (i32.lt_s (global.get $filled) (global.get $k))
          (then
            (local.set $j (global.get $filled))
            (global.set $filled (i32.add (global.get $filled) (i32.const 1))))
          (else (local.set $j (i32.sub (global.get $k) (i32.const 1)))))
        (block $done
          (loop $shift
            (br_if $done (i32.le_s (local.get $j) (i32.const 0)))
            (br_if $done (i32.eqz (f64.lt
              (f64.load offset=568 (i32.shl (local.get $j) (i32.const 3)))
              (local.get $v))))
            (i32.store offset=64 (i32.shl (local.get $j) (i32.const 2))
              (i32.load offset=60 (i32.shl (local.get $j) (i32.const 2))))
            (f64.store offset=576 (i32.shl (local.get $j) (i32.const 3))
              (f64.load offset=568 (i32.shl (local.get $j) (i32.const 3))))
            (local.set $j (i32.sub (local.get $j) (i32.const 1)))
            (br $shift)))
        (i32.store offset=64 (i32.shl (local.get $j) (i32.const 2)) (local.get $i))
        (f64.store offset=576 (i32.shl (local.get $j) (i32.const 3)) (local.get $v))
        (if (i32.eq (global.get $filled) (global.get $k))
          (then (global.set $low (f64.load offset=576
            (i32.shl (i32.sub (global.get $k) (i32.const 1)) (i32.const 3)))))))))

  ;; Pass 1: maximum and its first index, how many logits beat the target's, the top-k.
  (func (export "pass1") (param $n i32) (param $target i32) (param $k i32)
    (local $i i32) (local $n4 i32) (local $v v128) (local $vmax v128) (local $nan v128)
    (local $cnt v128) (local $tv v128) (local $t f32) (local $x f32) (local $max f32)
    (local $higher i32) (local $isnan i32) (local $lowv v128) (local $maxv v128)
    (local.set $t (f32.load offset=2048 (i32.shl (local.get $target) (i32.const 2))))
    (local.set $tv (f32x4.splat (local.get $t)))
    (local.set $vmax (f32x4.splat (f32.const -inf)))
    (local.set $n4 (i32.and (local.get $n) (i32.const -4)))
    (block $end
      (loop $blocks
        (br_if $end (i32.ge_u (local.get $i) (local.get $n4)))
        (local.set $v (v128.load offset=2048 (i32.shl (local.get $i) (i32.const 2))))
        (local.set $vmax (f32x4.max (local.get $vmax) (local.get $v)))
        (local.set $nan (v128.or (local.get $nan) (f32x4.ne (local.get $v) (local.get $v))))
        (local.set $cnt (i32x4.sub (local.get $cnt) (f32x4.gt (local.get $v) (local.get $tv))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $blocks)))
    (local.set $max (f32.max
      (f32.max (f32x4.extract_lane 0 (local.get $vmax)) (f32x4.extract_lane 1 (local.get $vmax)))
      (f32.max (f32x4.extract_lane 2 (local.get $vmax)) (f32x4.extract_lane 3 (local.get $vmax)))))
    (local.set $higher (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $cnt)) (i32x4.extract_lane 1 (local.get $cnt)))
      (i32.add (i32x4.extract_lane 2 (local.get $cnt)) (i32x4.extract_lane 3 (local.get $cnt)))))
    (local.set $isnan (v128.any_true (local.get $nan)))
    (block $end
      (loop $rest
        (br_if $end (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $x (f32.load offset=2048 (i32.shl (local.get $i) (i32.const 2))))
        (local.set $max (f32.max (local.get $max) (local.get $x)))
        (if (f32.ne (local.get $x) (local.get $x)) (then (local.set $isnan (i32.const 1))))
        (if (f32.gt (local.get $x) (local.get $t)) (then (local.set $higher (i32.add (local.get $higher) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rest)))
    (i32.store offset=20 (i32.const 0) (local.get $higher))
    ;; NaN anywhere, or an infinite maximum: the JavaScript path (its NaN/Infinity handling).
    (if (i32.or (local.get $isnan) (f32.eq (f32.abs (local.get $max)) (f32.const inf)))
      (then (i32.store offset=28 (i32.const 0) (i32.const 1)) (return)))
    (i32.store offset=28 (i32.const 0) (i32.const 0))
    ;; The first index holding the maximum; its own value is the maximum (so a −0 stays −0). Four
    ;; at a time to the first block that holds it, then one by one.
    (local.set $i (i32.const 0))
    (local.set $maxv (f32x4.splat (local.get $max)))
    (block $block
      (loop $blocks
        (br_if $block (i32.ge_u (local.get $i) (local.get $n4)))
        (br_if $block (v128.any_true (f32x4.eq (v128.load offset=2048 (i32.shl (local.get $i) (i32.const 2))) (local.get $maxv))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $blocks)))
    (block $found
      (loop $scan
        (br_if $found (f32.eq (f32.load offset=2048 (i32.shl (local.get $i) (i32.const 2))) (local.get $max)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $scan)))
    (i32.store offset=16 (i32.const 0) (local.get $i))
    (f64.store offset=0 (i32.const 0) (f64.promote_f32 (f32.load offset=2048 (i32.shl (local.get $i) (i32.const 2)))))
    ;; Top-k: element by element until k are kept, then four at a time past any block whose
    ;; logits are all at or below the k-th kept value.
    (global.set $k (local.get $k))
    (global.set $filled (i32.const 0))
    (global.set $low (f64.const inf))
    (local.set $i (i32.const 0))
    (if (i32.gt_s (local.get $k) (i32.const 0))
      (then
        (block $end
          (loop $first
            (br_if $end (i32.ge_u (local.get $i) (local.get $n)))
            (br_if $end (i32.ge_s (global.get $filled) (local.get $k)))
            (call $consider (local.get $i))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $first)))
        (block $end
          (loop $blocks
            (br_if $end (i32.gt_u (i32.add (local.get $i) (i32.const 4)) (local.get $n)))
            (local.set $lowv (f32x4.splat (f32.demote_f64 (global.get $low))))
            (if (v128.any_true (f32x4.gt (v128.load offset=2048 (i32.shl (local.get $i) (i32.const 2))) (local.get $lowv)))
              (then
                (call $consider (local.get $i))
                (call $consider (i32.add (local.get $i) (i32.const 1)))
                (call $consider (i32.add (local.get $i) (i32.const 2)))
                (call $consider (i32.add (local.get $i) (i32.const 3)))))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $blocks)))
        (block $end
          (loop $rest
            (br_if $end (i32.ge_u (local.get $i) (local.get $n)))
            (call $consider (local.get $i))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $rest)))))
    (i32.store offset=24 (i32.const 0) (global.get $filled)))

  ;; Pass 2: sum of exp(d) (returned) and of exp(d)·d (stored at 8), d = logit − max, in index
  ;; order, four entries at a time, then the last one to three one at a time (the same exp written
  ;; out for each pair and for the tail: as one function, V8 did not inline the call and the loop
  ;; ran 35–60% slower). A term below the cut cannot change either sum (expSkip.ts), so adding it
  ;; or not gives the same sums bit for bit: a block of four whose every term is below
  ;; it is skipped, exp unevaluated, and within a block every term is added. After the block at
  ;; an index divisible by 256 the cut is renewed from the sums so far by the JavaScript function
  ;; (cutBoth, or cutOne when $one: rowLogprob's one sum, whose cut is higher and leaves the
  ;; second sum unused).
  (func (export "pass2") (param $n i32) (param $max f64) (param $one i32) (result f64)
    ;; Two pairs at a time, A and B.
    (local $i i32) (local $mx v128) (local $cutv v128)
    (local $dA v128) (local $dB v128) (local $eA v128) (local $eB v128) (local $edA v128) (local $edB v128)
    (local $axA v128) (local $axB v128) (local $tA v128) (local $tB v128) (local $hiA v128) (local $hiB v128)
    (local $loA v128) (local $loB v128) (local $xA v128) (local $xB v128) (local $ttA v128) (local $ttB v128)
    (local $cA v128) (local $cB v128) (local $yA v128) (local $yB v128) (local $smallA v128) (local $smallB v128)
    (local $cut f64) (local $se f64) (local $sel f64) (local $n4 i32)
    (local.set $mx (f64x2.splat (local.get $max)))
    (local.set $cut (f64.const -746))
    (local.set $cutv (f64x2.splat (local.get $cut)))
    (local.set $n4 (i32.and (local.get $n) (i32.const -4)))
    (block $end
      (loop $blocks
        (br_if $end (i32.ge_u (local.get $i) (local.get $n4)))
        (local.set $dA (f64x2.sub
          (f64x2.promote_low_f32x4 (v128.load64_zero offset=2048 (i32.shl (local.get $i) (i32.const 2))))
          (local.get $mx)))
        (local.set $dB (f64x2.sub
          (f64x2.promote_low_f32x4 (v128.load64_zero offset=2056 (i32.shl (local.get $i) (i32.const 2))))
          (local.get $mx)))
        (if (i32.eqz (i64x2.all_true (v128.and
              (f64x2.lt (local.get $dA) (local.get $cutv))
              (f64x2.lt (local.get $dB) (local.get $cutv)))))
          (then
            ;; exp(d), d <= 0, as fdlibm, for each pair: k = 0 for |d| <= ln2/2, k = -1 below
            ;; 1.5 ln2, else trunc(d/ln2 - 1/2); d = k ln2 + r (hi - lo); a rational approximation
            ;; on r; y = 1 - ((lo - x·c/(2 - c)) - hi), which with k = 0 (hi = d, lo = 0) is
            ;; fdlibm's 1 - (x·c/(c - 2) - x) bit for bit; scaled by 2^k (k + 1023 + 2^52 holds
            ;; k + 1023 in its low bits, shifted into the exponent), or by 2^(k + 1000) and then
            ;; 2^-1000 when k < -1021 (a subnormal result; only when a lane needs it, as the
            ;; product is slow otherwise). |d| < 2^-28: 1 + d; below the underflow threshold: 0.
            ;; The term e·d takes max(d, -746) so that a -Infinity logit (e = 0) adds 0, not NaN.
            (local.set $axA (f64x2.abs (local.get $dA)))
            (local.set $tA (f64x2.trunc (f64x2.add
              (f64x2.mul (local.get $dA) (f64x2.splat (f64.const 0x1.71547652b82fep+0)))
              (f64x2.splat (f64.const -0.5)))))
            (local.set $tA (v128.bitselect (f64x2.splat (f64.const -1)) (local.get $tA)
              (f64x2.lt (local.get $axA) (f64x2.splat (f64.const 0x1.0a2b2p+0)))))
            (local.set $tA (v128.bitselect (local.get $tA) (f64x2.splat (f64.const 0))
              (f64x2.ge (local.get $axA) (f64x2.splat (f64.const 0x1.62e43p-2)))))
            (local.set $hiA (f64x2.sub (local.get $dA) (f64x2.mul (local.get $tA) (f64x2.splat (f64.const 0x1.62e42feep-1)))))
            (local.set $loA (f64x2.mul (local.get $tA) (f64x2.splat (f64.const 0x1.a39ef35793c76p-33))))
            (local.set $xA (f64x2.sub (local.get $hiA) (local.get $loA)))
            (local.set $ttA (f64x2.mul (local.get $xA) (local.get $xA)))
            (local.set $cA (f64x2.sub (local.get $xA) (f64x2.mul (local.get $ttA)
              (f64x2.add (f64x2.splat (f64.const 0x1.555555555553ep-3)) (f64x2.mul (local.get $ttA)
              (f64x2.add (f64x2.splat (f64.const -0x1.6c16c16bebd93p-9)) (f64x2.mul (local.get $ttA)
              (f64x2.add (f64x2.splat (f64.const 0x1.1566aaf25de2cp-14)) (f64x2.mul (local.get $ttA)
              (f64x2.add (f64x2.splat (f64.const -0x1.bbd41c5d26bf1p-20)) (f64x2.mul (local.get $ttA)
              (f64x2.splat (f64.const 0x1.6376972bea4d0p-25)))))))))))))
            (local.set $yA (f64x2.sub (f64x2.splat (f64.const 1))
              (f64x2.sub
                (f64x2.sub (local.get $loA)
                  (f64x2.div (f64x2.mul (local.get $xA) (local.get $cA))
                    (f64x2.sub (f64x2.splat (f64.const 2)) (local.get $cA))))
                (local.get $hiA))))
            (local.set $smallA (f64x2.lt (local.get $tA) (f64x2.splat (f64.const -1021))))
            (local.set $eA (f64x2.mul (local.get $yA)
              (i64x2.shl (f64x2.add (f64x2.add (local.get $tA) (v128.and (local.get $smallA) (f64x2.splat (f64.const 1000))))
                (f64x2.splat (f64.const 0x1.00000000003ffp+52))) (i32.const 52))))
            (if (v128.any_true (local.get $smallA))
              (then
                (local.set $eA (v128.bitselect
                  (f64x2.mul (local.get $eA) (f64x2.splat (f64.const 0x1p-1000)))
                  (local.get $eA)
                  (local.get $smallA)))))
            (local.set $eA (v128.bitselect (f64x2.add (f64x2.splat (f64.const 1)) (local.get $dA)) (local.get $eA)
              (f64x2.lt (local.get $axA) (f64x2.splat (f64.const 0x1p-28)))))
            (local.set $eA (v128.bitselect (f64x2.splat (f64.const 0)) (local.get $eA)
              (f64x2.lt (local.get $dA) (f64x2.splat (f64.const -0x1.74910d52d3051p+9)))))
            (local.set $axB (f64x2.abs (local.get $dB)))
            (local.set $tB (f64x2.trunc (f64x2.add
              (f64x2.mul (local.get $dB) (f64x2.splat (f64.const 0x1.71547652b82fep+0)))
              (f64x2.splat (f64.const -0.5)))))
            (local.set $tB (v128.bitselect (f64x2.splat (f64.const -1)) (local.get $tB)
              (f64x2.lt (local.get $axB) (f64x2.splat (f64.const 0x1.0a2b2p+0)))))
            (local.set $tB (v128.bitselect (local.get $tB) (f64x2.splat (f64.const 0))
              (f64x2.ge (local.get $axB) (f64x2.splat (f64.const 0x1.62e43p-2)))))
            (local.set $hiB (f64x2.sub (local.get $dB) (f64x2.mul (local.get $tB) (f64x2.splat (f64.const 0x1.62e42feep-1)))))
            (local.set $loB (f64x2.mul (local.get $tB) (f64x2.splat (f64.const 0x1.a39ef35793c76p-33))))
            (local.set $xB (f64x2.sub (local.get $hiB) (local.get $loB)))
            (local.set $ttB (f64x2.mul (local.get $xB) (local.get $xB)))
            (local.set $cB (f64x2.sub (local.get $xB) (f64x2.mul (local.get $ttB)
              (f64x2.add (f64x2.splat (f64.const 0x1.555555555553ep-3)) (f64x2.mul (local.get $ttB)
              (f64x2.add (f64x2.splat (f64.const -0x1.6c16c16bebd93p-9)) (f64x2.mul (local.get $ttB)
              (f64x2.add (f64x2.splat (f64.const 0x1.1566aaf25de2cp-14)) (f64x2.mul (local.get $ttB)
              (f64x2.add (f64x2.splat (f64.const -0x1.bbd41c5d26bf1p-20)) (f64x2.mul (local.get $ttB)
              (f64x2.splat (f64.const 0x1.6376972bea4d0p-25)))))))))))))
            (local.set $yB (f64x2.sub (f64x2.splat (f64.const 1))
              (f64x2.sub
                (f64x2.sub (local.get $loB)
                  (f64x2.div (f64x2.mul (local.get $xB) (local.get $cB))
                    (f64x2.sub (f64x2.splat (f64.const 2)) (local.get $cB))))
                (local.get $hiB))))
            (local.set $smallB (f64x2.lt (local.get $tB) (f64x2.splat (f64.const -1021))))
            (local.set $eB (f64x2.mul (local.get $yB)
              (i64x2.shl (f64x2.add (f64x2.add (local.get $tB) (v128.and (local.get $smallB) (f64x2.splat (f64.const 1000))))
                (f64x2.splat (f64.const 0x1.00000000003ffp+52))) (i32.const 52))))
            (if (v128.any_true (local.get $smallB))
              (then
                (local.set $eB (v128.bitselect
                  (f64x2.mul (local.get $eB) (f64x2.splat (f64.const 0x1p-1000)))
                  (local.get $eB)
                  (local.get $smallB)))))
            (local.set $eB (v128.bitselect (f64x2.add (f64x2.splat (f64.const 1)) (local.get $dB)) (local.get $eB)
              (f64x2.lt (local.get $axB) (f64x2.splat (f64.const 0x1p-28)))))
            (local.set $eB (v128.bitselect (f64x2.splat (f64.const 0)) (local.get $eB)
              (f64x2.lt (local.get $dB) (f64x2.splat (f64.const -0x1.74910d52d3051p+9)))))
            (local.set $edA (f64x2.mul (local.get $eA) (f64x2.pmax (local.get $dA) (f64x2.splat (f64.const -746)))))
            (local.set $edB (f64x2.mul (local.get $eB) (f64x2.pmax (local.get $dB) (f64x2.splat (f64.const -746)))))
            ;; The eight terms in index order.
            (local.set $se (f64.add (f64.add (local.get $se) (f64x2.extract_lane 0 (local.get $eA))) (f64x2.extract_lane 1 (local.get $eA))))
            (local.set $sel (f64.add (f64.add (local.get $sel) (f64x2.extract_lane 0 (local.get $edA))) (f64x2.extract_lane 1 (local.get $edA))))
            (local.set $se (f64.add (f64.add (local.get $se) (f64x2.extract_lane 0 (local.get $eB))) (f64x2.extract_lane 1 (local.get $eB))))
            (local.set $sel (f64.add (f64.add (local.get $sel) (f64x2.extract_lane 0 (local.get $edB))) (f64x2.extract_lane 1 (local.get $edB))))
            (if (i32.eqz (i32.and (local.get $i) (i32.const 255)))
              (then
                (if (local.get $one)
                  (then (local.set $cut (call $cutOne (local.get $se))))
                  (else (local.set $cut (call $cutBoth (local.get $se) (local.get $sel)))))
                (local.set $cutv (f64x2.splat (local.get $cut)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $blocks)))
    ;; The last one to three entries one at a time (lane 0), the same exp.
    (block $end
      (loop $rest
        (br_if $end (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $dA (f64x2.sub (f64x2.promote_low_f32x4 (v128.load32_zero offset=2048 (i32.shl (local.get $i) (i32.const 2)))) (local.get $mx)))
        (local.set $axA (f64x2.abs (local.get $dA)))
        (local.set $tA (f64x2.trunc (f64x2.add
          (f64x2.mul (local.get $dA) (f64x2.splat (f64.const 0x1.71547652b82fep+0)))
          (f64x2.splat (f64.const -0.5)))))
        (local.set $tA (v128.bitselect (f64x2.splat (f64.const -1)) (local.get $tA)
          (f64x2.lt (local.get $axA) (f64x2.splat (f64.const 0x1.0a2b2p+0)))))
        (local.set $tA (v128.bitselect (local.get $tA) (f64x2.splat (f64.const 0))
          (f64x2.ge (local.get $axA) (f64x2.splat (f64.const 0x1.62e43p-2)))))
        (local.set $hiA (f64x2.sub (local.get $dA) (f64x2.mul (local.get $tA) (f64x2.splat (f64.const 0x1.62e42feep-1)))))
        (local.set $loA (f64x2.mul (local.get $tA) (f64x2.splat (f64.const 0x1.a39ef35793c76p-33))))
        (local.set $xA (f64x2.sub (local.get $hiA) (local.get $loA)))
        (local.set $ttA (f64x2.mul (local.get $xA) (local.get $xA)))
        (local.set $cA (f64x2.sub (local.get $xA) (f64x2.mul (local.get $ttA)
          (f64x2.add (f64x2.splat (f64.const 0x1.555555555553ep-3)) (f64x2.mul (local.get $ttA)
          (f64x2.add (f64x2.splat (f64.const -0x1.6c16c16bebd93p-9)) (f64x2.mul (local.get $ttA)
          (f64x2.add (f64x2.splat (f64.const 0x1.1566aaf25de2cp-14)) (f64x2.mul (local.get $ttA)
          (f64x2.add (f64x2.splat (f64.const -0x1.bbd41c5d26bf1p-20)) (f64x2.mul (local.get $ttA)
          (f64x2.splat (f64.const 0x1.6376972bea4d0p-25)))))))))))))
        (local.set $yA (f64x2.sub (f64x2.splat (f64.const 1))
          (f64x2.sub
            (f64x2.sub (local.get $loA)
              (f64x2.div (f64x2.mul (local.get $xA) (local.get $cA))
                (f64x2.sub (f64x2.splat (f64.const 2)) (local.get $cA))))
            (local.get $hiA))))
        (local.set $smallA (f64x2.lt (local.get $tA) (f64x2.splat (f64.const -1021))))
        (local.set $eA (f64x2.mul (local.get $yA)
          (i64x2.shl (f64x2.add (f64x2.add (local.get $tA) (v128.and (local.get $smallA) (f64x2.splat (f64.const 1000))))
            (f64x2.splat (f64.const 0x1.00000000003ffp+52))) (i32.const 52))))
        (if (v128.any_true (local.get $smallA))
          (then
            (local.set $eA (v128.bitselect
              (f64x2.mul (local.get $eA) (f64x2.splat (f64.const 0x1p-1000)))
              (local.get $eA)
              (local.get $smallA)))))
        (local.set $eA (v128.bitselect (f64x2.add (f64x2.splat (f64.const 1)) (local.get $dA)) (local.get $eA)
          (f64x2.lt (local.get $axA) (f64x2.splat (f64.const 0x1p-28)))))
        (local.set $eA (v128.bitselect (f64x2.splat (f64.const 0)) (local.get $eA)
          (f64x2.lt (local.get $dA) (f64x2.splat (f64.const -0x1.74910d52d3051p+9)))))
        (local.set $edA (f64x2.mul (local.get $eA) (f64x2.pmax (local.get $dA) (f64x2.splat (f64.const -746)))))
        (local.set $se (f64.add (local.get $se) (f64x2.extract_lane 0 (local.get $eA))))
        (local.set $sel (f64.add (local.get $sel) (f64x2.extract_lane 0 (local.get $edA))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rest)))
    (f64.store offset=8 (i32.const 0) (local.get $sel))
    (local.get $se)))
