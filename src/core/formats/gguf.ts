// GGUF (version 3), the file format llama.cpp loads, written from ggml's docs/gguf.md: a header
// (magic "GGUF", version, tensor count, metadata count), typed key/value metadata, tensor infos
// (name, dimensions innermost first, ggml type, offset), then the tensor data, each tensor aligned
// to `general.alignment` (32 by default). Little-endian throughout; strings and counts are 64-bit
// lengths. Only the tensor types lengthlens writes are here: F32 and Q8_0 (blocks of 32 values,
// a float16 scale and 32 int8s), plus F16 for reading.

export const GGUF_MAGIC = 'GGUF';
export const GGUF_VERSION = 3;
export const GGUF_DEFAULT_ALIGNMENT = 32;

/** ggml tensor types (docs/gguf.md's ggml_type). */
export const GGML_TYPE = { F32: 0, F16: 1, Q8_0: 8 } as const;
export type GgmlType = (typeof GGML_TYPE)[keyof typeof GGML_TYPE];

/** Metadata value types (gguf_metadata_value_type). */
const VT = { u8: 0, i8: 1, u16: 2, i16: 3, u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9, u64: 10, i64: 11, f64: 12 } as const;
type Scalar = 'u32' | 'i32' | 'f32' | 'bool' | 'string' | 'u64';

export type GgufValue =
  | { type: 'u32' | 'i32' | 'f32' | 'u64'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'array'; of: 'string'; value: readonly string[] }
  | { type: 'array'; of: 'u32' | 'i32' | 'f32'; value: ArrayLike<number> };

export interface GgufTensor {
  name: string;
  /** ggml order: ne[0] (the contiguous one) first. A PyTorch [out, in] matrix is [in, out]. */
  dims: readonly number[];
  type: typeof GGML_TYPE.F32 | typeof GGML_TYPE.Q8_0;
  /** The values, ne[0] fastest; quantised on writing where `type` says so. */
  data: Float32Array;
}

export const Q8_0_BLOCK = 32;
const Q8_0_BYTES = 2 + Q8_0_BLOCK;

const f32buf = new Float32Array(1);
const u32buf = new Uint32Array(f32buf.buffer);

/** IEEE half-precision bits of `x`, rounded to nearest, ties to even (as ggml's conversion). */
export function floatToHalf(x: number): number {
  f32buf[0] = x;
  const b = u32buf[0];
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xff;
  let mant = b & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rem > halfway || (rem === halfway && (h & 1) === 1)) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  // A carry out of the mantissa moves into the exponent, which is the right rounding (to inf at the top).
  if (rem > 0x1000 || (rem === 0x1000 && (h & 1) === 1)) h++;
  return sign | h;
}

export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

/** roundf: halves away from zero. */
const roundAway = (v: number) => (v < 0 ? -Math.round(-v) : Math.round(v));

/**
 * Q8_0 blocks of `x` (length a multiple of 32), as ggml's reference quantiser makes them: per block
 * d = max|x| / 127 (stored as float16), q = roundf(x / d) computed as x · (1/d) in float32.
 */
export function quantizeQ8_0(x: Float32Array): Uint8Array {
  if (x.length % Q8_0_BLOCK !== 0) throw new Error(`Q8_0 needs a multiple of ${Q8_0_BLOCK} values, got ${x.length}`);
  const nb = x.length / Q8_0_BLOCK;
  const out = new Uint8Array(nb * Q8_0_BYTES);
  const view = new DataView(out.buffer);
  for (let b = 0; b < nb; b++) {
    let amax = 0;
    for (let j = 0; j < Q8_0_BLOCK; j++) amax = Math.max(amax, Math.abs(x[b * Q8_0_BLOCK + j]));
    const d = Math.fround(amax / 127);
    const id = d ? Math.fround(1 / d) : 0;
    view.setUint16(b * Q8_0_BYTES, floatToHalf(d), true);
    for (let j = 0; j < Q8_0_BLOCK; j++) view.setInt8(b * Q8_0_BYTES + 2 + j, roundAway(Math.fround(x[b * Q8_0_BLOCK + j] * id)));
  }
  return out;
}

/** The values Q8_0 blocks stand for (d · q). */
export function dequantizeQ8_0(bytes: Uint8Array): Float32Array {
  const nb = bytes.length / Q8_0_BYTES;
  const out = new Float32Array(nb * Q8_0_BLOCK);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let b = 0; b < nb; b++) {
    const d = halfToFloat(view.getUint16(b * Q8_0_BYTES, true));
    for (let j = 0; j < Q8_0_BLOCK; j++) out[b * Q8_0_BLOCK + j] = d * view.getInt8(b * Q8_0_BYTES + 2 + j);
  }
  return out;
}

const count = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);

function tensorBytes(t: GgufTensor): number {
  const n = count(t.dims);
  if (n !== t.data.length) throw new Error(`tensor ${t.name}: dims ${t.dims.join('×')} hold ${n} values, data has ${t.data.length}`);
  if (t.type === GGML_TYPE.F32) return 4 * n;
  if (t.dims[0] % Q8_0_BLOCK !== 0) throw new Error(`tensor ${t.name}: Q8_0 needs ne[0] a multiple of ${Q8_0_BLOCK}, got ${t.dims[0]}`);
  return (n / Q8_0_BLOCK) * Q8_0_BYTES;
}

/** Grows as it is written to; little-endian. */
class Out {
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  length = 0;
  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  u8(v: number) { this.room(1); this.view.setUint8(this.length, v); this.length += 1; }
  i8(v: number) { this.room(1); this.view.setInt8(this.length, v); this.length += 1; }
  u32(v: number) { this.room(4); this.view.setUint32(this.length, v, true); this.length += 4; }
  i32(v: number) { this.room(4); this.view.setInt32(this.length, v, true); this.length += 4; }
  f32(v: number) { this.room(4); this.view.setFloat32(this.length, v, true); this.length += 4; }
  u64(v: number) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`not a 64-bit count: ${v}`);
    this.room(8);
    this.view.setBigUint64(this.length, BigInt(v), true);
    this.length += 8;
  }
  bytes(b: Uint8Array) { this.room(b.length); this.buf.set(b, this.length); this.length += b.length; }
  string(s: string) { const b = new TextEncoder().encode(s); this.u64(b.length); this.bytes(b); }
  pad(alignment: number) { while (this.length % alignment !== 0) this.u8(0); }
  done(): Uint8Array { return this.buf.subarray(0, this.length); }
}

function writeScalar(o: Out, type: Scalar, v: number | boolean | string): void {
  switch (type) {
    case 'u32': return o.u32(v as number);
    case 'i32': return o.i32(v as number);
    case 'f32': return o.f32(v as number);
    case 'u64': return o.u64(v as number);
    case 'bool': return o.u8(v ? 1 : 0);
    case 'string': return o.string(v as string);
  }
}

/**
 * A GGUF file as a list of byte chunks (header and infos, then each tensor's data and padding),
 * so a large model can be written to disk without one buffer the size of the file.
 * `general.alignment` in `metadata` (u32) sets the alignment; else 32.
 */
export function encodeGguf(metadata: ReadonlyArray<readonly [string, GgufValue]>, tensors: readonly GgufTensor[]): Uint8Array[] {
  const keys = new Set<string>();
  for (const [k] of metadata) {
    if (!/^[a-z0-9_]+(\.[a-z0-9_]+)*$/.test(k)) throw new Error(`metadata key "${k}" is not lower_snake_case segments joined by dots`);
    if (keys.has(k)) throw new Error(`metadata key "${k}" given twice`);
    keys.add(k);
  }
  const names = new Set<string>();
  for (const t of tensors) {
    if (names.has(t.name)) throw new Error(`tensor "${t.name}" given twice`);
    names.add(t.name);
  }
  const al = metadata.find(([k]) => k === 'general.alignment')?.[1];
  const alignment = al && al.type === 'u32' ? al.value : GGUF_DEFAULT_ALIGNMENT;
  const head = new Out();
  head.bytes(new TextEncoder().encode(GGUF_MAGIC));
  head.u32(GGUF_VERSION);
  head.u64(tensors.length);
  head.u64(metadata.length);
  for (const [k, v] of metadata) {
    head.string(k);
    if (v.type === 'array') {
      head.u32(VT.array);
      head.u32(VT[v.of]);
      head.u64(v.value.length);
      for (let i = 0; i < v.value.length; i++) writeScalar(head, v.of, v.value[i]);
    } else {
      head.u32(VT[v.type]);
      writeScalar(head, v.type, v.value);
    }
  }
  let offset = 0;
  const sizes = tensors.map(tensorBytes);
  tensors.forEach((t, i) => {
    head.string(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(t.type);
    head.u64(offset);
    offset += sizes[i];
    offset += (alignment - (offset % alignment)) % alignment;
  });
  head.pad(alignment);
  const chunks = [head.done()];
  tensors.forEach((t, i) => {
    const data = t.type === GGML_TYPE.F32 ? new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength) : quantizeQ8_0(t.data);
    chunks.push(data);
    const pad = (alignment - (sizes[i] % alignment)) % alignment;
    if (pad) chunks.push(new Uint8Array(pad));
  });
  return chunks;
}

export interface GgufTensorInfo {
  name: string;
  dims: number[];
  type: number;
  /** Absolute offset of the data in the file. */
  offset: number;
}

export interface GgufFile {
  version: number;
  metadata: Map<string, number | bigint | boolean | string | Array<number | bigint | boolean | string>>;
  tensors: GgufTensorInfo[];
}

/** Reads a GGUF file's header, metadata and tensor infos (the data stays where it is). */
export function readGguf(bytes: Uint8Array): GgufFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 0;
  const need = (n: number) => {
    if (p + n > bytes.length) throw new Error(`GGUF truncated at byte ${p}`);
  };
  const u32 = () => (need(4), (p += 4), view.getUint32(p - 4, true));
  const u64 = () => {
    need(8);
    p += 8;
    const v = view.getBigUint64(p - 8, true);
    return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  };
  const str = () => {
    const n = Number(u64());
    need(n);
    p += n;
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(p - n, p));
  };
  const scalar = (t: number): number | bigint | boolean | string => {
    switch (t) {
      case VT.u8: return (need(1), view.getUint8(p++));
      case VT.i8: return (need(1), view.getInt8(p++));
      case VT.u16: return (need(2), (p += 2), view.getUint16(p - 2, true));
      case VT.i16: return (need(2), (p += 2), view.getInt16(p - 2, true));
      case VT.u32: return u32();
      case VT.i32: return (need(4), (p += 4), view.getInt32(p - 4, true));
      case VT.f32: return (need(4), (p += 4), view.getFloat32(p - 4, true));
      case VT.bool: return (need(1), view.getUint8(p++) !== 0);
      case VT.string: return str();
      case VT.u64: return u64();
      case VT.i64: return (need(8), (p += 8), view.getBigInt64(p - 8, true));
      case VT.f64: return (need(8), (p += 8), view.getFloat64(p - 8, true));
      default: throw new Error(`GGUF metadata type ${t} unknown`);
    }
  };
  need(4);
  const magic = new TextDecoder().decode(bytes.subarray(0, 4));
  if (magic !== GGUF_MAGIC) throw new Error(`not a GGUF file (magic "${magic}")`);
  p = 4;
  const version = u32();
  if (version !== GGUF_VERSION) throw new Error(`GGUF version ${version}; this reader reads version ${GGUF_VERSION}`);
  const nTensors = Number(u64());
  const nKv = Number(u64());
  const metadata: GgufFile['metadata'] = new Map();
  for (let i = 0; i < nKv; i++) {
    const key = str();
    const t = u32();
    if (t === VT.array) {
      const of = u32();
      const n = Number(u64());
      const arr: Array<number | bigint | boolean | string> = [];
      for (let j = 0; j < n; j++) arr.push(scalar(of));
      metadata.set(key, arr);
    } else metadata.set(key, scalar(t));
  }
  const al = metadata.get('general.alignment');
  const alignment = typeof al === 'number' ? al : GGUF_DEFAULT_ALIGNMENT;
  const infos: GgufTensorInfo[] = [];
  for (let i = 0; i < nTensors; i++) {
    const name = str();
    const nd = u32();
    const dims: number[] = [];
    for (let j = 0; j < nd; j++) dims.push(Number(u64()));
    const type = u32();
    infos.push({ name, dims, type, offset: Number(u64()) });
  }
  const dataStart = Math.ceil(p / alignment) * alignment;
  for (const t of infos) t.offset += dataStart;
  return { version, metadata, tensors: infos };
}

/** A tensor's values (F32, F16 or Q8_0) from the file's bytes. */
export function tensorValues(bytes: Uint8Array, t: GgufTensorInfo): Float32Array {
  const n = count(t.dims);
  if (t.type === GGML_TYPE.F32) {
    const copy = new Uint8Array(4 * n);
    copy.set(bytes.subarray(t.offset, t.offset + 4 * n));
    return new Float32Array(copy.buffer);
  }
  if (t.type === GGML_TYPE.F16) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + t.offset, 2 * n);
    return Float32Array.from({ length: n }, (_, i) => halfToFloat(view.getUint16(2 * i, true)));
  }
  if (t.type === GGML_TYPE.Q8_0) return dequantizeQ8_0(bytes.subarray(t.offset, t.offset + (n / Q8_0_BLOCK) * Q8_0_BYTES));
  throw new Error(`tensor ${t.name}: ggml type ${t.type} not read here`);
}
