// The bar above the Scorer when it was opened with a task item: the way back to the Task lab and,
// for an lm-eval log, the logged log-likelihood of each choice beside the live one.
import { useOpenedItem } from '../../state/itemLink';
import type { ItemScore } from '../../core/scoring/types';

export function OpenedItem(props: { result?: ItemScore | null }) {
  const item = useOpenedItem((s) => s.item);
  const clear = useOpenedItem((s) => s.clear);
  if (!item) return null;
  const live = props.result?.candidates;
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
                  <td>{i}</td>
                  <td>{Number.isFinite(ll) ? ll.toFixed(4) : 'n/a'}</td>
                  <td>{now === undefined ? '…' : now.toFixed(4)}</td>
                  <td>{now === undefined || !Number.isFinite(ll) ? '' : (now - ll).toFixed(4)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {item.logged && <p className="muted">Logged with another model or setting unless the model above is the one the log was run with; the difference says how far apart they are.</p>}
    </div>
  );
}
