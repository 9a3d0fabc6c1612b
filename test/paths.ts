// Where tests find the shared test models and reference data: one place, read at test time and
// never copied into the repository. MODELS_DIR and DATA_DIR override the folders beside it.
import path from 'node:path';

const BESIDE_REPO = path.join(__dirname, '../../shared');

/** The test models (stories260K, tiny-llama-*, tokenizers/, reference/ goldens): env MODELS_DIR, else ../shared/models. */
export const MODELS_DIR = path.resolve(process.env.MODELS_DIR ?? path.join(BESIDE_REPO, 'models'));

/** The reference data (published benchmark files, real harness logs, AlpacaEval): env DATA_DIR, else ../shared/reference. */
export const DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(BESIDE_REPO, 'reference'));

/** Published benchmark files as their authors ship them (ARC, PIQA, SIQA, ...). */
export const NATIVE_DIR = path.join(DATA_DIR, 'native');

/** Real lm-evaluation-harness output folders (raw/ holds the log-samples files). */
export const REALDATA_DIR = path.join(DATA_DIR, 'realdata');

/** AlpacaEval's annotations and their converted files; env ALPACAEVAL_DIR still points elsewhere. */
export const ALPACAEVAL_DIR = path.resolve(process.env.ALPACAEVAL_DIR ?? path.join(DATA_DIR, 'alpacaeval'));

/** A real ARC-Easy log-samples file from the harness's correctness gate. */
export const ARC_EASY_LOG = path.join(REALDATA_DIR, 'raw/correctness_gate/samples_arc_easy_2026-08-05T12-33-01.036743.jsonl');

/** PriorBPB reference vectors computed outside this project. */
export const PRIORBPB_VECTORS = path.join(DATA_DIR, 'priorbpb-vectors.json');
