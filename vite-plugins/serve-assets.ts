// Serves the models folder at /models/, the reference data folder at /data/ and ONNX Runtime's
// wasm files at /ort/ in dev and preview, and copies the wasm files into the build. A missing model file answers 404 (never
// index.html: transformers.js would cache the HTML as if it were the file).
import fs from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';

import { ORT_WASM_FILES } from '../src/engine/models';

export const ORT_FILES = [ORT_WASM_FILES.mjs, ORT_WASM_FILES.wasm];

const MIME: Record<string, string> = {
  '.json': 'application/json',
  '.onnx': 'application/octet-stream',
  '.onnx_data': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.mjs': 'text/javascript',
  '.txt': 'text/plain',
  '.csv': 'text/csv; charset=utf-8',
};

export function resolveModelsDir(root: string): string | null {
  const fromEnv = process.env.MODELS_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const fallback = path.resolve(root, '../shared/models');
  return fs.existsSync(fallback) ? fallback : null;
}

/**
 * Reference data the lessons read at run time (AlpacaEval verdicts): DATA_DIR, else
 * ../shared/reference where that exists. It is never copied into the build.
 */
export function resolveDataDir(root: string): string | null {
  const fromEnv = process.env.DATA_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const fallback = path.resolve(root, '../shared/reference');
  return fs.existsSync(fallback) ? fallback : null;
}

function ortDir(root: string): string {
  return path.resolve(root, 'node_modules/onnxruntime-web/dist');
}

/** Serve files under `dir` for URLs under `prefix`; 404 for anything missing or outside it. */
function staticFolder(prefix: string, dir: string | null): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = (req.url ?? '').split('?')[0];
    if (!url.startsWith(prefix)) return next();
    const rel = decodeURIComponent(url.slice(prefix.length));
    const file = dir ? path.resolve(dir, rel) : '';
    const inside = dir !== null && (file === dir || file.startsWith(dir + path.sep));
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
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
      server.middlewares.use(staticFolder('/models/', resolveModelsDir(root)));
      server.middlewares.use(staticFolder('/ort/', ortDir(root)));
      server.middlewares.use(staticFolder('/data/', resolveDataDir(root)));
    },
    configurePreviewServer(server) {
      server.middlewares.use(isolationHeaders());
      server.middlewares.use(staticFolder('/models/', resolveModelsDir(root)));
      server.middlewares.use(staticFolder('/data/', resolveDataDir(root)));
    },
    closeBundle() {
      const dest = path.join(outDir, 'ort');
      fs.mkdirSync(dest, { recursive: true });
      for (const f of ORT_FILES) fs.copyFileSync(path.join(ortDir(root), f), path.join(dest, f));
    },
  };
}
