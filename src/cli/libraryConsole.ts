// transformers.js and ONNX Runtime report a failed pass on the console (an error line, then the
// input tensors dumped over dozens of lines) before the error reaches us. The CLI's rule is one
// line per error on stderr, and the error it throws is printed: their console output is dropped
// while a command runs, unless LENGTHLENS_DEBUG is set.

type ConsoleWriter = (...args: unknown[]) => void;

/** Runs `fn` with console.error, console.warn and console.info silenced (restored afterwards). */
export async function withQuietLibraries<T>(fn: () => Promise<T>): Promise<T> {
  if (process.env.LENGTHLENS_DEBUG) return fn();
  const saved: [keyof Console, ConsoleWriter][] = (['error', 'warn', 'info'] as const).map((k) => [k, console[k] as ConsoleWriter]);
  for (const [k] of saved) (console as unknown as Record<string, ConsoleWriter>)[k] = () => {};
  try {
    return await fn();
  } finally {
    for (const [k, f] of saved) (console as unknown as Record<string, ConsoleWriter>)[k] = f;
  }
}
