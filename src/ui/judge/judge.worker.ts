/// <reference lib="webworker" />
// Runs the Monte Carlo and the audit's bootstrap away from the page, reporting progress.
import { runMonteCarlo } from '../../core/judge/monteCarlo';
import { parseVerdicts } from '../../core/judge/verdicts';
import { auditVerdicts } from '../../core/judge/audit';
import type { WorkerReply, WorkerRequest } from './workerProtocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: WorkerReply) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.kind === 'montecarlo') {
      const result = runMonteCarlo(request.params, (done, total) => reply({ kind: 'progress', id: request.id, done, total }));
      reply({ kind: 'montecarlo', id: request.id, result });
    } else {
      const parsed = parseVerdicts(request.text);
      const result = parsed.rows.length
        ? auditVerdicts(parsed.rows, {
            bootstrapReps: request.bootstrapReps,
            lengthFeature: request.lengthFeature,
            orderKnown: parsed.orderKnown,
            onProgress: (done, total) => reply({ kind: 'progress', id: request.id, done, total }),
          })
        : null;
      reply({ kind: 'audit', id: request.id, parsed, result });
    }
  } catch (err) {
    reply({ kind: 'error', id: request.id, message: err instanceof Error ? err.message : String(err) });
  }
};
