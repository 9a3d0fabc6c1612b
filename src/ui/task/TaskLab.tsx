// The Task lab (route #/task): items in, batch scoring in the engine Worker, task-level metrics
// and charts for each run, and runs compared side by side.
import { useEffect } from 'react';
import { useTaskLab } from '../../state/taskStore';
import { BatchPanel } from './BatchPanel';
import { CheckView } from './CheckView';
import { ComparePanel } from './ComparePanel';
import { MetricsView } from './MetricsView';
import { RunList } from './RunList';
import { TaskInput } from './TaskInput';
import { TaskViewsBoundary } from './TaskViewsBoundary';
import './task.css';

export default function TaskLab() {
  const restore = useTaskLab((s) => s.restore);
  const restoreSaved = useTaskLab((s) => s.restoreSaved);
  const notice = useTaskLab((s) => s.notice);
  const taskKey = useTaskLab((s) => s.task?.key);
  const dropUnshowableTask = useTaskLab((s) => s.dropUnshowableTask);
  useEffect(() => {
    void restoreSaved();
  }, [restoreSaved]);
  return (
    <section className="task-lab" aria-labelledby="task-title" data-restore={restore}>
      <h1 id="task-title">Task lab</h1>
      <p className="muted task-intro">
        Score a whole task, then see how much of its BPB is a fixed cost per answer (α) rather than a rate per byte (β), how the per-byte cost R(k) falls
        along the answer, what PriorBPB makes of it, and whether a score tracks answer length.
      </p>
      {restore === 'pending' && <p className="loading">Reading saved results…</p>}
      {notice && (
        <p className="warning" role="status">
          {notice}
        </p>
      )}
      <TaskViewsBoundary taskKey={taskKey} onUnshowable={(reason) => void dropUnshowableTask(reason)}>
        <div className="task-top">
          <TaskInput />
          <BatchPanel />
        </div>
        <RunList />
        <CheckView />
        <MetricsView />
        <ComparePanel />
      </TaskViewsBoundary>
    </section>
  );
}
