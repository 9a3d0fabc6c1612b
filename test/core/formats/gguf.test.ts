// The GGUF writer: what it writes reads back (header, typed metadata, tensor infos, data at
// aligned offsets), float16 rounds to nearest, and Q8_0 is ggml's reference quantiser.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dequantizeQ8_0, encodeGguf, floatToHalf, GGML_TYPE, halfToFloat, quantizeQ8_0, readGguf, tensorValues, type GgufTensor, type GgufValue } from '../../../src/core/formats/gguf';

const concat = (chunks: Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
  let p = 0;
  for (const c of chunks) (out.set(c, p), (p += c.length));
  return out;
};

const key = fc.array(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), { minLength: 1, maxLength: 3 }).map((s) => s.join('.'));
const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });
const value: fc.Arbitrary<GgufValue> = fc.oneof(
  fc.nat({ max: 2 ** 32 - 1 }).map((value) => ({ type: 'u32' as const, value })),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((value) => ({ type: 'i32' as const, value })),
  f32.map((value) => ({ type: 'f32' as const, value })),
  fc.boolean().map((value) => ({ type: 'bool' as const, value })),
  fc.string({ unit: 'grapheme' }).map((value) => ({ type: 'string' as const, value })),
  fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 5 }).map((value) => ({ type: 'array' as const, of: 'string' as const, value })),
  fc.array(f32, { maxLength: 5 }).map((value) => ({ type: 'array' as const, of: 'f32' as const, value })),
);
const plain = (v: GgufValue) => (v.type === 'array' ? Array.from(v.value as ArrayLike<number | string>) : v.value);

describe('GGUF round trip', () => {
  it('metadata and tensors read back: values, dims, types, aligned offsets', () => {
    const tensor = fc
      .record({ cols: fc.integer({ min: 1, max: 3 }).map((b) => 32 * b), rows: fc.integer({ min: 1, max: 3 }), q8: fc.boolean() })
      .chain(({ cols, rows, q8 }) => fc.float32Array({ minLength: cols * rows, maxLength: cols * rows, noNaN: true, noDefaultInfinity: true, min: -100, max: 100 }).map((data) => ({ cols, rows, q8, data })));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, value), { selector: ([k]) => k, maxLength: 6 }), fc.array(tensor, { maxLength: 4 }), (meta, ts) => {
        const tensors: GgufTensor[] = ts.map((t, i) => ({ name: `t${i}.weight`, dims: [t.cols, t.rows], type: t.q8 ? GGML_TYPE.Q8_0 : GGML_TYPE.F32, data: t.data }));
        const bytes = concat(encodeGguf(meta, tensors));
        const file = readGguf(bytes);
        expect(file.version).toBe(3);
        expect([...file.metadata.keys()]).toEqual(meta.map(([k]) => k));
        for (const [k, v] of meta) expect(file.metadata.get(k)).toEqual(plain(v));
        expect(file.tensors.map((t) => [t.name, t.dims, t.type])).toEqual(tensors.map((t) => [t.name, [...t.dims], t.type]));
        file.tensors.forEach((info, i) => {
          expect(info.offset % 32).toBe(0);
          const back = tensorValues(bytes, info);
          const want = tensors[i].type === GGML_TYPE.F32 ? tensors[i].data : dequantizeQ8_0(quantizeQ8_0(tensors[i].data));
          expect(Array.from(back)).toEqual(Array.from(want));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('refuses what llama.cpp could not read: bad keys, duplicates, Q8_0 rows not in blocks of 32', () => {
    expect(() => encodeGguf([['General.Name', { type: 'string', value: 'x' }]], [])).toThrow(/lower_snake_case/);
    expect(() => encodeGguf([['a', { type: 'u32', value: 1 }], ['a', { type: 'u32', value: 2 }]], [])).toThrow(/twice/);
    expect(() => encodeGguf([], [{ name: 'w', dims: [48, 2], type: GGML_TYPE.Q8_0, data: new Float32Array(96) }])).toThrow(/multiple of 32/);
    expect(() => encodeGguf([], [{ name: 'w', dims: [32, 2], type: GGML_TYPE.F32, data: new Float32Array(63) }])).toThrow(/hold 64 values/);
    expect(() => readGguf(new TextEncoder().encode('GGML\x03\0\0\0'))).toThrow(/not a GGUF file/);
  });
});

describe('float16', () => {
  it('is the nearest half (ties to even) of every float32', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, min: -65504, max: 65504 }), (x) => {
        const h = floatToHalf(x);
        const err = Math.abs(halfToFloat(h) - x);
        for (const n of [h - 1, h + 1]) if ((n & 0x7fff) <= 0x7bff && ((n ^ h) & 0x8000) === 0) expect(err).toBeLessThanOrEqual(Math.abs(halfToFloat(n) - x));
        if ((h & 1) === 1) for (const n of [h - 1, h + 1]) if ((n & 0x7fff) <= 0x7bff) expect(Math.abs(halfToFloat(n) - x)).not.toBe(err);
      }),
      { numRuns: 2000 },
    );
    expect(floatToHalf(1)).toBe(0x3c00);
    expect(floatToHalf(65520)).toBe(0x7c00);
    expect(floatToHalf(2 ** -24)).toBe(1);
    expect(floatToHalf(1 + 2 ** -11)).toBe(0x3c00);
    expect(floatToHalf(1 + 3 * 2 ** -11)).toBe(0x3c02);
  });
});

describe('Q8_0', () => {
  it("is ggml's reference: d = max|x|/127 as float16, q = roundf(x/d); each value within d/2 (+ d's rounding)", () => {
    fc.assert(
      fc.property(fc.float32Array({ minLength: 32, maxLength: 32, noNaN: true, noDefaultInfinity: true, min: -1e4, max: 1e4 }), (x) => {
        const q = quantizeQ8_0(x);
        expect(q.length).toBe(34);
        const amax = Math.max(...Array.from(x, Math.abs));
        const d = halfToFloat(q[0] | (q[1] << 8));
        expect(d).toBe(halfToFloat(floatToHalf(Math.fround(amax / 127))));
        const back = dequantizeQ8_0(q);
        const id = amax ? Math.fround(1 / Math.fround(amax / 127)) : 0;
        x.forEach((v, j) => {
          const qj = (q[2 + j] << 24) >> 24;
          const t = Math.fround(v * id);
          expect(qj).toBe((t < 0 ? -Math.round(-t) : Math.round(t)) + 0);
          expect(Math.abs(back[j] - v)).toBeLessThanOrEqual(d / 2 + 127 * Math.abs(d - amax / 127) + 1e-6 * amax);
        });
      }),
      { numRuns: 300 },
    );
  });
});
