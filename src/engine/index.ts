// The engine's public face for state, ui (through state): nothing outside src/engine imports another
// engine file (the lint's layer rule says so). Browser-safe: it pulls in neither transformers.js
// (that loads in the Worker) nor node:*. The Node engine and the benchmark the CLI runs are in
// nodeFace.ts, which shares common.ts with this face but not the Worker client, whose cross-origin
// Worker URL is a bundler import Node cannot resolve.
export * from './common';
export { appUrl, createEngineClient, setAppBase, type EngineClient } from './client';
