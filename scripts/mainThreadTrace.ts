// The renderer's main thread, traced through the DevTools protocol while the harness types: each
// task over 50 ms of wall time with the CPU time the thread really spent in it (a trace event's
// `tdur`) and what it was made of (its top-level child events: script, garbage collection, style,
// layout, paint ...). On a loaded machine a task's wall time includes time the thread waited for a
// core; its CPU time does not, so both are reported.
import type { CDPSession, Page } from 'playwright-core';

export interface TracedTask {
  /** Trace timestamp of the task's start (ms, the trace clock). */
  start_ms: number;
  wall_ms: number;
  /** CPU time of the main thread in the task. */
  cpu_ms: number;
  /** Wall time by top-level child event name, largest first (ms, rounded to 0.1). */
  parts: [string, number][];
}

export interface MainThreadTrace {
  /** Tasks over 50 ms of wall time on the page's main thread, in order. */
  tasks: TracedTask[];
  /** CPU time of the main thread over the whole traced window (ms). */
  cpu_total_ms: number;
  wall_window_ms: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'];
const LONG_US = 50_000;

/** Starts tracing; `stop` ends it and returns the main thread's long tasks. */
export async function traceMainThread(page: Page): Promise<{ stop(): Promise<MainThreadTrace> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    // The protocol types the events loosely; they carry the trace event format's fields.
    for (const ev of e.value) events.push(ev as unknown as TraceEvent);
  });
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
  return {
    async stop() {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach().catch(() => undefined);
      return summarise(events);
    },
  };
}

/** The main thread is the renderer's `CrRendererMain` with the most tasks (a trace may hold others). */
export function summarise(events: readonly TraceEvent[]): MainThreadTrace {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || e.dur === undefined) continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const taskCount = (list: TraceEvent[]) => list.filter((e) => e.name === 'RunTask').length;
  const main = [...byThread.values()].sort((a, b) => taskCount(b) - taskCount(a))[0] ?? [];
  main.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const runTasks = main.filter((e) => e.name === 'RunTask');
  const tasks: TracedTask[] = [];
  for (const t of runTasks) {
    if (t.dur! <= LONG_US) continue;
    const end = t.ts + t.dur!;
    // Top-level children: events inside the task not inside an earlier child.
    const parts = new Map<string, number>();
    let childEnd = -Infinity;
    for (const e of main) {
      if (e === t || e.ts < t.ts || e.ts + e.dur! > end) continue;
      if (e.ts < childEnd) continue;
      parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur!);
      childEnd = e.ts + e.dur!;
    }
    tasks.push({
      start_ms: t.ts / 1000,
      wall_ms: t.dur! / 1000,
      cpu_ms: (t.tdur ?? NaN) / 1000,
      parts: [...parts.entries()].sort((a, b) => b[1] - a[1]).map(([n, us]) => [n, Math.round(us / 100) / 10]),
    });
  }
  const first = runTasks[0];
  const last = runTasks[runTasks.length - 1];
  return {
    tasks,
    cpu_total_ms: runTasks.reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000,
    wall_window_ms: first && last ? (last.ts + last.dur! - first.ts) / 1000 : 0,
  };
}
