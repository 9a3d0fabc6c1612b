// The bar above the Scorer when it was opened with a task item: the way back to the Task lab and,
// for an lm-eval log, the logged log-likelihood of each choice beside the live one.
import { useOpenedItem } from '../../state/itemLink';
import type { ItemScore } from '../../core/scoring/types';
import { candidateLetter, fmt } from './format';
import { npArgmax } from '../../core/metrics/stats';

/**
 * Live sums within this many nats of every logged one can be the same model and setting (float32
 * paths differ by ~1e-4 over an answer; another dtype, model or prompt format by far more).
 */
export const SAME_RUN_TOLERANCE = 0.01;

/** What the logged and live sums say about where the log came from, or null while any is missing. */
export function loggedVerdict(logged: readonly number[], live: readonly (number | undefined)[]): string | null {
  const diffs: number[] = [];
  for (let i = 0; i < logged.length; i++) {
    const now = live[i];
    if (now === undefined || !Number.isFinite(now)) return null;
    if (Number.isFinite(logged[i])) diffs.push(Math.abs(now - logged[i]));
  }
  if (diffs.length === 0) return null;
  const worst = Math.max(...diffs);
  return worst <= SAME_RUN_TOLERANCE
    ? `The live model reproduces every logged score within ${SAME_RUN_TOLERANCE} nats (largest difference ${worst.toFixed(4)}): it can be the model and setting the log was run with.`
    : `Logged with another model or setting: the live scores differ from the logged ones by up to ${worst.toFixed(2)} nats (more than the ${SAME_RUN_TOLERANCE} nats float32 paths can explain), so compare winners, not values.`;
}

/** The choice lm-eval's acc picks from these log-likelihoods (the first of ties; -1 when none is a number). */
export function accPick(lls: readonly number[]): number {
  const scored = lls.map((_, i) => i).filter((i) => Number.isFinite(lls[i]));
  return scored.length === 0 ? -1 : scored[npArgmax(scored.map((i) => lls[i]))];
}

/** Which choice acc (the raw sum) picks in the log and live, in one sentence, or null while a live score is missing. */
export function accPicksSentence(logged: readonly number[], live: readonly (number | undefined)[]): string | null {
  if (live.length !== logged.length || live.some((x) => x === undefined)) return null;
  const name = (i: number) => (i < 0 ? 'no choice' : candidateLetter(i));
  const inLog = accPick(logged);
  const now = accPick(live as number[]);
  return `acc (the raw sum) picks ${name(inLog)} in the log and ${name(now)} live${inLog === now ? ': the same answer' : ': another answer'}.`;
}

export function OpenedItem(props: { result?: ItemScore | null }) {
  const item = useOpenedItem((s) => s.item);
  const clear = useOpenedItem((s) => s.clear);
  if (!item) return null;
  const live = props.result?.candidates;
  const verdict = item.logged ? loggedVerdict(item.logged, item.logged.map((_, i) => live?.[i]?.sum_logprob)) : null;
  return (
    <div className="opened-item" data-testid="opened-item">
      <p>
        Opened from the Task lab.{' '}
        <a href="#/task" onClick={clear}>
          ← Back to the task
        </a>
      </p>
      {item.logged && (
        <table className="opened-logged">
          <thead>
            <tr>
              <th scope="col">choice</th>
              <th scope="col">logged log-lik (nats)</th>
              <th scope="col">live (nats)</th>
              <th scope="col">live − logged</th>
            </tr>
          </thead>
          <tbody>
            {item.logged.map((ll, i) => {
              const now = live?.[i]?.sum_logprob;
              return (
                <tr key={i}>
                  <td>{String.fromCharCode(65 + i)}</td>
                  <td>{Number.isFinite(ll) ? fmt(ll, 4) : 'n/a'}</td>
                  <td>{now === undefined ? '…' : fmt(now, 4)}</td>
                  <td>{now === undefined || !Number.isFinite(ll) ? '' : fmt(now - ll, 4)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {item.logged && (
        <p data-testid="opened-acc-picks">{accPicksSentence(item.logged, item.logged.map((_, i) => live?.[i]?.sum_logprob)) ?? ''}</p>
      )}
      {item.logged && (
        <p className="muted" data-testid="logged-verdict">
          {verdict ?? 'Scoring on the live model to compare it with the log…'}
        </p>
      )}
    </div>
  );
}
