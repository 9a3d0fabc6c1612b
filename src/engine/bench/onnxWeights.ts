// The weights of a decoder ONNX graph and the nodes that use them, read from the model file's
// protobuf bytes (ModelProto.graph → GraphProto.node / .initializer), for writing the same weights
// as GGUF (ggufExport.ts). Only what that needs: float32 initializers held in the file (raw_data or
// float_data), and each node's op type, inputs and outputs.

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  /** A Constant node's value, where it is a small int64 tensor. */
  ints?: number[];
}

export interface OnnxInitializer {
  name: string;
  dims: number[];
  /** float32 values, row-major; null where the tensor is another type or held outside the file. */
  data: Float32Array | null;
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  initializers: Map<string, OnnxInitializer>;
}

/** Protobuf wire reading over one buffer. */
class Wire {
  p: number;
  constructor(
    readonly b: Uint8Array,
    start = 0,
    readonly end = b.length,
  ) {
    this.p = start;
  }
  varint(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      if (this.p >= this.end) throw new Error('ONNX file truncated inside a varint');
      const byte = this.b[this.p++];
      v += (byte & 0x7f) * mul;
      if (byte < 0x80) return v;
      mul *= 128;
    }
  }
  /** [field, wire type] of the next key. */
  key(): [number, number] {
    const k = this.varint();
    return [Math.floor(k / 8), k % 8];
  }
  /** A length-delimited field's [start, end). */
  span(): [number, number] {
    const n = this.varint();
    const s = this.p;
    this.p += n;
    if (this.p > this.end) throw new Error('ONNX file truncated inside a field');
    return [s, this.p];
  }
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.p += 8;
    else if (wire === 2) this.span();
    else if (wire === 5) this.p += 4;
    else throw new Error(`ONNX protobuf wire type ${wire} not expected`);
  }
  string([s, e]: [number, number]): string {
    return new TextDecoder().decode(this.b.subarray(s, e));
  }
}

const FLOAT = 1;

function readNode(w: Wire, [s, e]: [number, number]): OnnxNode {
  const r = new Wire(w.b, s, e);
  const node: OnnxNode = { op: '', inputs: [], outputs: [] };
  while (r.p < e) {
    const [f, wire] = r.key();
    if (wire !== 2) r.skip(wire);
    else if (f === 1) node.inputs.push(r.string(r.span()));
    else if (f === 2) node.outputs.push(r.string(r.span()));
    else if (f === 4) node.op = r.string(r.span());
    else if (f === 5) {
      const ints = readAttributeInts(r, r.span());
      if (ints) node.ints = ints;
    } else r.span();
  }
  return node;
}

const INT64 = 7;

/** An attribute's tensor value (AttributeProto.t) as numbers, where it is a small int64 tensor. */
function readAttributeInts(w: Wire, [s, e]: [number, number]): number[] | null {
  const r = new Wire(w.b, s, e);
  let out: number[] | null = null;
  while (r.p < e) {
    const [f, wire] = r.key();
    if (f !== 5 || wire !== 2) {
      r.skip(wire);
      continue;
    }
    const [ts, te] = r.span();
    const t = new Wire(w.b, ts, te);
    let type = 0;
    let raw: [number, number] | null = null;
    const packed: number[] = [];
    while (t.p < te) {
      const [tf, tw] = t.key();
      if (tf === 2 && tw === 0) type = t.varint();
      else if (tf === 9 && tw === 2) raw = t.span();
      else if (tf === 7 && tw === 2) {
        const [a, b] = t.span();
        const d = new Wire(w.b, a, b);
        while (d.p < b) packed.push(d.varint());
      } else t.skip(tw);
    }
    if (type !== INT64) continue;
    if (raw && raw[1] - raw[0] <= 64) {
      const view = new DataView(w.b.buffer, w.b.byteOffset + raw[0], raw[1] - raw[0]);
      out = Array.from({ length: view.byteLength / 8 }, (_, i) => Number(view.getBigInt64(8 * i, true)));
    } else if (!raw) out = packed;
  }
  return out;
}

function readTensor(w: Wire, [s, e]: [number, number]): OnnxInitializer {
  const r = new Wire(w.b, s, e);
  const dims: number[] = [];
  let type = 0;
  let name = '';
  let raw: [number, number] | null = null;
  let floats: [number, number] | null = null;
  let external = false;
  while (r.p < e) {
    const [f, wire] = r.key();
    if (f === 1 && wire === 0) dims.push(r.varint());
    else if (f === 1 && wire === 2) {
      const [a, b] = r.span();
      const d = new Wire(r.b, a, b);
      while (d.p < b) dims.push(d.varint());
    } else if (f === 2 && wire === 0) type = r.varint();
    else if (f === 8 && wire === 2) name = r.string(r.span());
    else if (f === 9 && wire === 2) raw = r.span();
    else if (f === 4 && wire === 2) floats = r.span();
    else if (f === 14 && wire === 0) external = r.varint() === 1;
    else r.skip(wire);
  }
  const n = dims.reduce((a, b) => a * b, 1);
  let data: Float32Array | null = null;
  const span = raw ?? floats;
  if (type === FLOAT && !external && span && span[1] - span[0] === 4 * n) {
    // A copy: the file's buffer offsets need not be 4-byte aligned (and a Node Buffer's slice is a view).
    const copy = new Uint8Array(4 * n);
    copy.set(r.b.subarray(span[0], span[1]));
    data = new Float32Array(copy.buffer);
  }
  return { name, dims, data };
}

/** The nodes and initializers of an ONNX model file's graph. */
export function readOnnxGraph(bytes: Uint8Array): OnnxGraph {
  const w = new Wire(bytes);
  let graph: [number, number] | null = null;
  while (w.p < w.end) {
    const [f, wire] = w.key();
    if (f === 7 && wire === 2) graph = w.span();
    else w.skip(wire);
  }
  if (!graph) throw new Error('no graph in this ONNX file');
  const g = new Wire(bytes, graph[0], graph[1]);
  const out: OnnxGraph = { nodes: [], initializers: new Map() };
  while (g.p < g.end) {
    const [f, wire] = g.key();
    if (f === 1 && wire === 2) out.nodes.push(readNode(g, g.span()));
    else if (f === 5 && wire === 2) {
      const t = readTensor(g, g.span());
      out.initializers.set(t.name, t);
    } else g.skip(wire);
  }
  return out;
}
