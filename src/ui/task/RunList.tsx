// The runs of the loaded task (one per model and dtype): which one is shown, which are compared.
import { useTaskLab } from '../../state/taskStore';

export function RunList() {
  const task = useTaskLab((s) => s.task);
  const runs = useTaskLab((s) => s.runs);
  const active = useTaskLab((s) => s.activeRunKey);
  const compareKeys = useTaskLab((s) => s.compareKeys);
  const batch = useTaskLab((s) => s.batch);
  const selectRun = useTaskLab((s) => s.selectRun);
  const toggleCompare = useTaskLab((s) => s.toggleCompare);
  const removeRun = useTaskLab((s) => s.removeRun);
  const list = Object.values(runs).sort((a, b) => a.label.localeCompare(b.label));
  if (!task || list.length === 0) return null;
  const total = task.set.items.length;
  const busy = (key: string) => batch.runKey === key && ['loading', 'running', 'paused'].includes(batch.status);
  return (
    <section className="panel task-runs" aria-labelledby="task-runs-title">
      <h2 id="task-runs-title">3. Runs of this task</h2>
      <p className="muted task-note">Each model and dtype is one run; its scores are saved in this browser. Tick two or more to compare them.</p>
      <div className="task-table-wrap">
        <table data-testid="runs-table">
          <thead>
            <tr>
              <th scope="col">Show</th>
              <th scope="col" className="text">Run</th>
              <th scope="col">Device</th>
              <th scope="col">Scored</th>
              <th scope="col">Compare</th>
              <th scope="col">
                <span className="sr-only">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.key} data-run={r.label}>
                <td>
                  <input type="radio" name="task-active-run" checked={active === r.key} onChange={() => selectRun(r.key)} aria-label={`Show ${r.label}`} />
                </td>
                <td className="text">{r.label}</td>
                <td>{r.device ?? (r.kind === 'logged' ? '—' : '')}</td>
                <td>
                  <span data-testid="run-scored">{r.items.size}</span> / {total}
                </td>
                <td>
                  <input type="checkbox" checked={compareKeys.includes(r.key)} onChange={() => toggleCompare(r.key)} aria-label={`Compare ${r.label}`} />
                </td>
                <td>
                  {r.kind === 'scored' && (
                    <button type="button" disabled={busy(r.key)} onClick={() => void removeRun(r.key)} aria-label={`Delete the scores of ${r.label}`}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
