// One Worker per running job: terminating it is how a job is cancelled.
import { useCallback, useEffect, useRef } from 'react';
import type { WorkerReply, WorkerRequest } from './workerProtocol';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export function useJudgeWorker() {
  const worker = useRef<Worker | null>(null);
  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);
  const start = useCallback(
    (request: Request, onReply: (reply: WorkerReply) => void) => {
      stop();
      const w = new Worker(new URL('./judge.worker.ts', import.meta.url), { type: 'module' });
      worker.current = w;
      w.onmessage = (e: MessageEvent<WorkerReply>) => {
        if (worker.current !== w) return;
        const reply = e.data;
        if (reply.kind !== 'progress') {
          w.terminate();
          worker.current = null;
        }
        onReply(reply);
      };
      w.onerror = (e) => {
        if (worker.current !== w) return;
        stop();
        onReply({ kind: 'error', id: 0, message: e.message || 'the worker failed' });
      };
      w.postMessage({ ...request, id: 1 } as WorkerRequest);
    },
    [stop],
  );
  return { start, stop };
}
