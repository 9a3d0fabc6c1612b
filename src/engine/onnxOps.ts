// Which operators an ONNX graph uses, read straight from the model file's protobuf bytes.
// ONNX Runtime's session exposes inputs and outputs but not op types, and the op types are what
// decides how a graph does attention and quantisation. The scan reads only the node lists (a few
// hundred kilobytes even for a large model) and skips every weight by its length, so it reads
// from any random-access source: a file (Node), a picked File (browser), or HTTP range requests.

/** Random access to a model file's bytes. */
export interface ByteSource {
  /** Total size in bytes. */
  size: number;
  /** `length` bytes from `offset` (fewer only at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** What the scan found: `domain:op` (domain '' for the default one) → number of nodes. */
export interface GraphOps {
  ops: Record<string, number>;
  /** Operator-set domains the model imports, e.g. ['', 'com.microsoft']. */
  opsetDomains: string[];
}

/** Reads through a ByteSource in blocks, so that thousands of small reads cost a few large ones. */
class BlockReader {
  private blocks = new Map<number, Uint8Array>();
  constructor(
    private src: ByteSource,
    private blockSize = 1 << 20,
  ) {}
  get size(): number {
    return this.src.size;
  }
  private async block(i: number): Promise<Uint8Array> {
    let b = this.blocks.get(i);
    if (!b) {
      b = await this.src.read(i * this.blockSize, Math.min(this.blockSize, this.src.size - i * this.blockSize));
      // Keep a few blocks: the walk only ever moves forward.
      if (this.blocks.size >= 4) this.blocks.delete(this.blocks.keys().next().value as number);
      this.blocks.set(i, b);
    }
    return b;
  }
  async bytes(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(offset + length, this.size);
    const first = Math.floor(offset / this.blockSize);
    const last = Math.floor(Math.max(end - 1, offset) / this.blockSize);
    if (first === last) {
      const b = await this.block(first);
      return b.subarray(offset - first * this.blockSize, end - first * this.blockSize);
    }
    const out = new Uint8Array(end - offset);
    for (let i = first; i <= last; i++) {
      const b = await this.block(i);
      const from = Math.max(offset, i * this.blockSize);
      const to = Math.min(end, (i + 1) * this.blockSize);
      out.set(b.subarray(from - i * this.blockSize, to - i * this.blockSize), from - offset);
    }
    return out;
  }
}

class FormatError extends Error {}

/** A varint at `pos` in `buf`: [value, next position]. */
function varint(buf: Uint8Array, pos: number): [number, number] {
  let v = 0;
  let mul = 1;
  for (let k = 0; k < 10; k++) {
    if (pos >= buf.length) throw new FormatError('truncated varint');
    const b = buf[pos++];
    v += (b & 0x7f) * mul;
    if ((b & 0x80) === 0) return [v, pos];
    mul *= 128;
  }
  throw new FormatError('bad varint');
}

/** Where a field's value lies, or how to skip it. */
interface Field {
  field: number;
  wire: number;
  /** For wire type 2: the payload's [start, end); otherwise the end of the value. */
  start: number;
  end: number;
}

function readField(buf: Uint8Array, pos: number): Field {
  const [tag, p] = varint(buf, pos);
  const field = Math.floor(tag / 8);
  const wire = tag & 7;
  switch (wire) {
    case 0:
      return { field, wire, start: p, end: varint(buf, p)[1] };
    case 1:
      return { field, wire, start: p, end: p + 8 };
    case 2: {
      const [len, q] = varint(buf, p);
      return { field, wire, start: q, end: q + len };
    }
    case 5:
      return { field, wire, start: p, end: p + 4 };
    default:
      throw new FormatError(`unsupported wire type ${wire}`);
  }
}

const utf8 = new TextDecoder();

/** The fields of a message held in memory. */
function* fields(buf: Uint8Array, start = 0, end = buf.length): Generator<Field> {
  let pos = start;
  while (pos < end) {
    const f = readField(buf, pos);
    if (f.end > end) throw new FormatError('field runs past its message');
    yield f;
    pos = f.end;
  }
}

function addGraphNodesSync(buf: Uint8Array, start: number, end: number, out: Record<string, number>): void {
  for (const f of fields(buf, start, end)) if (f.field === 1 && f.wire === 2) addNode(buf, f.start, f.end, out);
}

/** NodeProto: op_type = 4, domain = 7, attribute = 5 (whose g = 6 and graphs = 11 hold subgraphs). */
function addNode(buf: Uint8Array, start: number, end: number, out: Record<string, number>): void {
  let op = '';
  let domain = '';
  for (const f of fields(buf, start, end)) {
    if (f.wire !== 2) continue;
    if (f.field === 4) op = utf8.decode(buf.subarray(f.start, f.end));
    else if (f.field === 7) domain = utf8.decode(buf.subarray(f.start, f.end));
    else if (f.field === 5) for (const a of fields(buf, f.start, f.end)) if (a.wire === 2 && (a.field === 6 || a.field === 11)) addGraphNodesSync(buf, a.start, a.end, out);
  }
  const key = `${domain === 'ai.onnx' ? '' : domain}:${op}`;
  out[key] = (out[key] ?? 0) + 1;
}

/** Walk a message that may be too large to hold (the model, its graph) field by field. */
async function* streamFields(r: BlockReader, start: number, end: number): AsyncGenerator<Field> {
  let pos = start;
  while (pos < end) {
    // A tag and a length take at most 20 bytes.
    const head = await r.bytes(pos, Math.min(20, end - pos));
    const f = readField(head, 0);
    const shifted = { ...f, start: pos + f.start, end: pos + f.end };
    if (shifted.end > end) throw new FormatError('field runs past its message');
    yield shifted;
    pos = shifted.end;
  }
}

/**
 * The operators of an ONNX model (ModelProto: graph = 7, opset_import = 8, functions = 25;
 * GraphProto: node = 1; FunctionProto: node = 7). Throws when the bytes are not an ONNX model.
 */
export async function scanOnnxOps(src: ByteSource, blockSize = 1 << 20): Promise<GraphOps> {
  const r = new BlockReader(src, blockSize);
  const ops: Record<string, number> = {};
  const domains = new Set<string>();
  let sawGraph = false;
  try {
    for await (const f of streamFields(r, 0, r.size)) {
      if (f.wire !== 2) continue;
      if (f.field === 8) {
        const buf = await r.bytes(f.start, f.end - f.start);
        let domain = '';
        for (const g of fields(buf)) if (g.field === 1 && g.wire === 2) domain = utf8.decode(buf.subarray(g.start, g.end));
        domains.add(domain === 'ai.onnx' ? '' : domain);
      } else if (f.field === 7) {
        sawGraph = true;
        for await (const g of streamFields(r, f.start, f.end)) {
          if (g.field === 1 && g.wire === 2) addNode(await r.bytes(g.start, g.end - g.start), 0, g.end - g.start, ops);
        }
      } else if (f.field === 25) {
        const buf = await r.bytes(f.start, f.end - f.start);
        for (const g of fields(buf)) if (g.field === 7 && g.wire === 2) addNode(buf, g.start, g.end, ops);
      }
    }
  } catch (err) {
    if (err instanceof FormatError) throw new Error(`not an ONNX model (${err.message})`);
    throw err;
  }
  if (!sawGraph) throw new Error('not an ONNX model (no graph)');
  return { ops, opsetDomains: [...domains].sort() };
}

/** A ByteSource over bytes already in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

/** A ByteSource over a Blob (a File the user picked). */
export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()) };
}

/** The largest file read whole when its server ignores range requests (plain hosts such as `python3 -m http.server`). */
export const WHOLE_READ_LIMIT = 64 * 1024 * 1024;

/** A response's whole body, or null (the body cancelled) once it is known to exceed `limit` bytes. */
async function readAtMost(res: Response, limit: number): Promise<Uint8Array | null> {
  const announced = Number(res.headers.get('content-length') ?? NaN);
  if (!res.body) return null;
  if (announced > limit) {
    await res.body.cancel();
    return null;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A ByteSource over HTTP range requests. A server that answers the probe with the whole file (200)
 * is read whole when the file is at most WHOLE_READ_LIMIT bytes (the browser usually has it cached
 * from the load); above that it resolves to null, since the scan would download the whole file.
 */
export async function httpSource(url: string, fetchFn: typeof fetch = fetch): Promise<ByteSource | null> {
  const probe = await fetchFn(url, { headers: { Range: 'bytes=0-0' } });
  const total = /\/(\d+)\s*$/.exec(probe.headers.get('content-range') ?? '')?.[1];
  if (probe.status === 200) {
    const whole = await readAtMost(probe, WHOLE_READ_LIMIT);
    return whole ? bytesSource(whole) : null;
  }
  await probe.body?.cancel();
  if (probe.status !== 206 || !total) return null;
  return {
    size: Number(total),
    async read(offset, length) {
      const res = await fetchFn(url, { headers: { Range: `bytes=${offset}-${offset + length - 1}` } });
      if (res.status !== 206) throw new Error(`range request for ${url} answered ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
