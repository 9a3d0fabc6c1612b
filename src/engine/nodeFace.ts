// The engine's face for Node (the CLI): what the browser face shares (common.ts), the Node engine and the benchmark,
// which load transformers.js and node:* and so stay out of the bundle the browser face feeds.
export * from './common';
export { createNodeEngine, loadNodeModel, defaultCacheDir, DEFAULT_RELEASE_OUTPUTS, EMBEDDED_MODELS, embeddedModelDir, modelSourceFromArg } from './node';
export { packageRoot, packageVersion } from './packageRoot';
export { DEFAULT_CPU_MEM_ARENA } from './model';
export type { Engine } from './engine';
export { benchItemsFor, DEFAULT_BENCH_CONFIG, engineScorer, liveTypingLatency, runBenchmark, type BenchResult, type LatencyResult } from './bench/run';
export { envKey, formatBenchTable, formatPeerTable, type BenchReport, type PeerRow } from './bench/report';
export { ensureGguf, float32DotBound, maxAbsDiff, NODE_LLAMA_CPP_VERSION, nodeLlamaCppEntry, peerInputs, peerQuant, PEERS_INSTALL_HINT, runLlamaCppPeer, type PeerInputs } from './bench/peers';
export { RssSampler, runScaleBench, scaleTaskConfig, type ScaleResult } from './bench/scale';
