// The Task lab's views of the loaded task, guarded: a view that throws while drawing a task (one
// too large for it, say) drops that task and says why, rather than blanking the page on this visit
// and, because the task was saved, on every later one.
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Called once with the error's message; the store drops the task and stops restoring it. */
  onUnshowable: (reason: string) => void;
  /** Changes when another task is loaded, so the views are tried again. */
  taskKey: string | undefined;
}

interface State {
  failedFor: string | undefined | null;
}

export class TaskViewsBoundary extends Component<Props, State> {
  override state: State = { failedFor: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedFor: undefined };
  }

  override componentDidCatch(error: unknown): void {
    this.setState({ failedFor: this.props.taskKey });
    this.props.onUnshowable(error instanceof Error ? error.message : String(error));
  }

  override componentDidUpdate(prev: Props): void {
    // A new task (or none, once the failed one is dropped) gets the views back.
    if (this.state.failedFor !== null && prev.taskKey !== this.props.taskKey && this.props.taskKey !== this.state.failedFor) this.setState({ failedFor: null });
  }

  override render(): ReactNode {
    return this.state.failedFor === null ? this.props.children : null;
  }
}
