// A Llama-architecture model folder (config.json, tokenizer.json, onnx/model.onnx at fp32) as a
// GGUF file llama.cpp loads: the same weights, at F32 or Q8_0, with the vocabulary llama.cpp's
// SentencePiece-style tokenizer needs. The peer benchmark (peers.ts) runs llama.cpp on it.
//
// The weights' roles are read from the graph, not from names (a torch export names them
// onnx::MatMul_N): the embedding is what Gather reads with input_ids, each layer's seven weight
// MatMuls come in the order q, k, v, o, then gate and up (gate is the one whose output meets a
// Sigmoid: SiLU), then down, and the norm weights are the 1-D [hidden] factors of Mul, in order.
// llama.cpp's `llama` architecture rotates adjacent pairs of each head. A graph that rotates them
// too (it slices q and k with step 2, as llama2.c's layout and the torch exports of bench-llama-6M
// and stories260K do) keeps its rows; one that rotates the two halves (Hugging Face's
// rotate_half: the export_styles graphs) has its q and k rows permuted as docs/gguf.md gives it.
import { encodeGguf, GGML_TYPE, Q8_0_BLOCK, type GgufTensor, type GgufValue } from '../../core/formats/gguf';
import { readOnnxGraph, type OnnxGraph, type OnnxInitializer } from './onnxWeights';

export type GgufQuant = 'f32' | 'q8_0';

export interface LlamaConfig {
  hidden: number;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  ffn: number;
  vocab: number;
  eps: number;
  theta: number;
  context: number;
  bos: number;
  eos: number;
}

/** The parts of config.json a GGUF needs (Llama-family keys). */
export function llamaConfig(config: Record<string, unknown>): LlamaConfig {
  const num = (k: string, fallback?: number): number => {
    const v = config[k];
    if (typeof v === 'number') return v;
    if (fallback !== undefined) return fallback;
    throw new Error(`config.json has no number "${k}"`);
  };
  const hidden = num('hidden_size');
  const heads = num('num_attention_heads');
  return {
    hidden,
    layers: num('num_hidden_layers'),
    heads,
    kvHeads: num('num_key_value_heads', heads),
    headDim: num('head_dim', hidden / heads),
    ffn: num('intermediate_size'),
    vocab: num('vocab_size'),
    eps: num('rms_norm_eps', 1e-6),
    theta: num('rope_theta', 10000),
    context: num('max_position_embeddings', 2048),
    bos: num('bos_token_id', 1),
    eos: num('eos_token_id', 2),
  };
}

interface LlamaWeights {
  /** How the graph rotates q and k: adjacent pairs (as llama.cpp) or the two halves. */
  rope: 'pairs' | 'halves';
  embed: OnnxInitializer;
  /** [in, out] MatMul weights; null: the head is the embedding (tied). */
  head: OnnxInitializer | null;
  finalNorm: OnnxInitializer;
  layers: Array<Record<'ln1' | 'ln2' | 'q' | 'k' | 'v' | 'o' | 'gate' | 'up' | 'down', OnnxInitializer>>;
}

/** Which initializer plays which part, from the graph (see the file's comment). */
export function llamaWeights(g: OnnxGraph, c: LlamaConfig): LlamaWeights {
  const alias = new Map<string, string>();
  for (const n of g.nodes) if (n.op === 'Identity' && n.inputs.length === 1) alias.set(n.outputs[0], n.inputs[0]);
  const resolve = (name: string): OnnxInitializer | undefined => {
    let s = name;
    for (let i = 0; i < 8 && alias.has(s); i++) s = alias.get(s)!;
    const t = g.initializers.get(s);
    return t && t.data ? t : undefined;
  };
  const consumers = new Map<string, string[]>();
  for (const n of g.nodes) for (const i of n.inputs) consumers.set(i, [...(consumers.get(i) ?? []), n.op]);
  const gather = g.nodes.find((n) => n.op === 'Gather' && n.inputs[1] === 'input_ids');
  const embed = gather && resolve(gather.inputs[0]);
  if (!embed || embed.dims.join() !== `${c.vocab},${c.hidden}`) throw new Error(`no [${c.vocab}, ${c.hidden}] embedding read by Gather(input_ids) in the graph`);
  const mm: Array<{ w: OnnxInitializer; out: string }> = [];
  for (const n of g.nodes) {
    if (n.op !== 'MatMul') continue;
    const w = resolve(n.inputs[1]);
    if (w && w.dims.length === 2) mm.push({ w, out: n.outputs[0] });
  }
  const isHead = (w: OnnxInitializer) => w.dims.join() === `${c.hidden},${c.vocab}`;
  const head = mm.find((m) => isHead(m.w))?.w ?? null;
  const body = mm.filter((m) => !isHead(m.w));
  if (body.length !== 7 * c.layers) throw new Error(`expected ${7 * c.layers} weight MatMuls (7 a layer), found ${body.length}: not a plain Llama graph`);
  const norms: OnnxInitializer[] = [];
  for (const n of g.nodes) {
    if (n.op !== 'Mul') continue;
    for (const i of n.inputs) {
      const w = resolve(i);
      if (w && w.dims.length === 1 && w.dims[0] === c.hidden) norms.push(w);
    }
  }
  if (norms.length !== 2 * c.layers + 1) throw new Error(`expected ${2 * c.layers + 1} RMSNorm weights, found ${norms.length}`);
  const H = c.heads * c.headDim;
  const K = c.kvHeads * c.headDim;
  const expect = (w: OnnxInitializer, rows: number, cols: number, what: string) => {
    if (w.dims[0] !== rows || w.dims[1] !== cols) throw new Error(`${what}: expected [${rows}, ${cols}], found [${w.dims.join(', ')}]`);
    return w;
  };
  const layers: LlamaWeights['layers'] = [];
  for (let l = 0; l < c.layers; l++) {
    const [q, k, v, o, a, b, down] = body.slice(7 * l, 7 * l + 7);
    const aGate = (consumers.get(a.out) ?? []).includes('Sigmoid');
    const bGate = (consumers.get(b.out) ?? []).includes('Sigmoid');
    if (aGate === bGate) throw new Error(`layer ${l}: cannot tell the MLP's gate from its up projection (no single Sigmoid consumer)`);
    layers.push({
      ln1: norms[2 * l],
      ln2: norms[2 * l + 1],
      q: expect(q.w, c.hidden, H, `layer ${l} q`),
      k: expect(k.w, c.hidden, K, `layer ${l} k`),
      v: expect(v.w, c.hidden, K, `layer ${l} v`),
      o: expect(o.w, H, c.hidden, `layer ${l} o`),
      gate: expect((aGate ? a : b).w, c.hidden, c.ffn, `layer ${l} gate`),
      up: expect((aGate ? b : a).w, c.hidden, c.ffn, `layer ${l} up`),
      down: expect(down.w, c.ffn, c.hidden, `layer ${l} down`),
    });
  }
  const steps = new Map<string, number[]>();
  for (const n of g.nodes) if (n.op === 'Constant' && n.ints) steps.set(n.outputs[0], n.ints);
  const pairs = g.nodes.some((n) => n.op === 'Slice' && n.inputs.length >= 5 && steps.get(n.inputs[4])?.[0] === 2);
  return { rope: pairs ? 'pairs' : 'halves', embed, head, finalNorm: norms[2 * c.layers], layers };
}

/** A row-major [rows, cols] matrix transposed: [cols, rows]. */
function transpose(x: Float32Array, rows: number, cols: number): Float32Array {
  const out = new Float32Array(x.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = x[r * cols + c];
  return out;
}

/**
 * The rows of a [heads · headDim, in] projection reordered from rotate-half (row h·E + j·E/2 + i)
 * to adjacent pairs (row h·E + 2i + j), as docs/gguf.md's `permute` does.
 */
export function permuteRope(w: Float32Array, heads: number, headDim: number, cols: number): Float32Array {
  const out = new Float32Array(w.length);
  const half = headDim / 2;
  for (let h = 0; h < heads; h++)
    for (let j = 0; j < 2; j++)
      for (let i = 0; i < half; i++) {
        const from = (h * headDim + j * half + i) * cols;
        out.set(w.subarray(from, from + cols), (h * headDim + 2 * i + j) * cols);
      }
  return out;
}

/** Token types of llama.cpp's vocabulary. */
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, unused: 5, byte: 6 } as const;

export interface Vocab {
  tokens: string[];
  scores: Float32Array;
  types: Int32Array;
  unk: number | null;
}

/**
 * A SentencePiece-style BPE tokenizer.json as llama.cpp's `llama` vocabulary, padded with unused
 * tokens to the embedding's rows: a token made by merge i scores −i (SentencePiece merges the
 * highest-scoring pair first, so earlier merges win, as in BPE), others 0.
 */
export function llamaVocab(tokenizer: { model?: { type?: string; vocab?: Record<string, number>; merges?: Array<string | [string, string]> }; added_tokens?: Array<{ id: number; content: string; special?: boolean }> }, size: number): Vocab {
  const m = tokenizer.model;
  if (!m || m.type !== 'BPE' || !m.vocab) throw new Error('tokenizer.json is not a BPE model with a vocabulary');
  const tokens: string[] = Array.from({ length: size }, (_, i) => `<unused${i}>`);
  const types = new Int32Array(size).fill(TOKEN_TYPE.unused);
  const scores = new Float32Array(size);
  const put = (id: number, s: string) => {
    if (id >= size) throw new Error(`token ${id} ("${s}") is past the embedding's ${size} rows`);
    tokens[id] = s;
  };
  for (const [s, id] of Object.entries(m.vocab)) {
    put(id, s);
    types[id] = /^<0x[0-9A-Fa-f]{2}>$/.test(s) ? TOKEN_TYPE.byte : TOKEN_TYPE.normal;
  }
  let unk: number | null = null;
  for (const a of tokenizer.added_tokens ?? []) {
    put(a.id, a.content);
    if (a.content === '<unk>') {
      types[a.id] = TOKEN_TYPE.unknown;
      unk = a.id;
    } else types[a.id] = a.special ? TOKEN_TYPE.control : TOKEN_TYPE.normal;
  }
  const seen = new Set<number>();
  (m.merges ?? []).forEach((merge, i) => {
    const [a, b] = typeof merge === 'string' ? merge.split(' ') : merge;
    const id = m.vocab![a + b];
    if (id !== undefined && !seen.has(id)) {
      seen.add(id);
      scores[id] = -i;
    }
  });
  return { tokens, scores, types, unk };
}

/**
 * The GGUF file (as byte chunks) of a Llama model folder's fp32 ONNX weights.
 * `onnx` is onnx/model.onnx's bytes, `config` and `tokenizer` the parsed JSON files.
 */
export function llamaGguf(args: { name: string; config: Record<string, unknown>; tokenizer: Parameters<typeof llamaVocab>[0]; onnx: Uint8Array; quant: GgufQuant }): Uint8Array[] {
  const c = llamaConfig(args.config);
  const w = llamaWeights(readOnnxGraph(args.onnx), c);
  const vocab = llamaVocab(args.tokenizer, c.vocab);
  const q8 = args.quant === 'q8_0';
  // Q8_0 where a row splits into blocks of 32 (norms, and rows that do not, stay F32).
  const matType = (ne0: number) => (q8 && ne0 % Q8_0_BLOCK === 0 ? GGML_TYPE.Q8_0 : GGML_TYPE.F32);
  const data = (t: OnnxInitializer) => t.data!;
  /** An ONNX [in, out] MatMul weight as ggml's [in, out] (PyTorch's [out, in] rows). */
  const linear = (name: string, t: OnnxInitializer, rope?: number): GgufTensor => {
    const [inn, out] = t.dims;
    let rows = transpose(data(t), inn, out);
    if (rope !== undefined && w.rope === 'halves') rows = permuteRope(rows, rope, c.headDim, inn);
    return { name, dims: [inn, out], type: matType(inn), data: rows };
  };
  const norm = (name: string, t: OnnxInitializer): GgufTensor => ({ name, dims: [c.hidden], type: GGML_TYPE.F32, data: data(t) });
  const tensors: GgufTensor[] = [{ name: 'token_embd.weight', dims: [c.hidden, c.vocab], type: matType(c.hidden), data: data(w.embed) }];
  w.layers.forEach((l, i) => {
    const p = `blk.${i}.`;
    tensors.push(
      norm(p + 'attn_norm.weight', l.ln1),
      linear(p + 'attn_q.weight', l.q, c.heads),
      linear(p + 'attn_k.weight', l.k, c.kvHeads),
      linear(p + 'attn_v.weight', l.v),
      linear(p + 'attn_output.weight', l.o),
      norm(p + 'ffn_norm.weight', l.ln2),
      linear(p + 'ffn_gate.weight', l.gate),
      linear(p + 'ffn_up.weight', l.up),
      linear(p + 'ffn_down.weight', l.down),
    );
  });
  tensors.push(norm('output_norm.weight', w.finalNorm));
  if (w.head) tensors.push(linear('output.weight', w.head));
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  const f32 = (value: number): GgufValue => ({ type: 'f32', value });
  const meta: Array<[string, GgufValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: args.name }],
    // llama_ftype: 0 all F32, 7 mostly Q8_0.
    ['general.file_type', u32(q8 ? 7 : 0)],
    ['general.alignment', u32(32)],
    ...(q8 ? ([['general.quantization_version', u32(2)]] as Array<[string, GgufValue]>) : []),
    ['llama.context_length', u32(c.context)],
    ['llama.embedding_length', u32(c.hidden)],
    ['llama.block_count', u32(c.layers)],
    ['llama.feed_forward_length', u32(c.ffn)],
    ['llama.attention.head_count', u32(c.heads)],
    ['llama.attention.head_count_kv', u32(c.kvHeads)],
    ['llama.attention.key_length', u32(c.headDim)],
    ['llama.attention.value_length', u32(c.headDim)],
    ['llama.attention.layer_norm_rms_epsilon', f32(c.eps)],
    ['llama.rope.dimension_count', u32(c.headDim)],
    ['llama.rope.freq_base', f32(c.theta)],
    ['llama.vocab_size', u32(c.vocab)],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'array', of: 'string', value: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: 'array', of: 'f32', value: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: 'array', of: 'i32', value: vocab.types }],
    ['tokenizer.ggml.bos_token_id', u32(c.bos)],
    ['tokenizer.ggml.eos_token_id', u32(c.eos)],
    ...(vocab.unk !== null ? ([['tokenizer.ggml.unknown_token_id', u32(vocab.unk)]] as Array<[string, GgufValue]>) : []),
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
  ];
  return encodeGguf(meta, tensors);
}
