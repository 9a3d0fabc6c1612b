// Choosing the items: a built-in sample task, or a file (items JSONL/CSV, or lm-eval-harness
// log_samples) by drag-and-drop or the file picker. Bad lines are listed with their numbers.
import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import { exportLmEvalTask } from '../../core/formats/lmEvalExport';
import type { ItemsErrorUnit } from '../../core/formats/items';
import type { LineError } from '../../core/formats/lineError';
import { extent } from '../../core/metrics/stats';
import { utf8Length } from '../../core/text/unicode';
import { SAMPLE_TASKS } from '../../core/tasks/samples';
import { continuationOf } from '../../core/tasks/types';
import { useTaskLab } from '../../state/taskStore';
import type { DelimiterChoice } from '../../state/taskSource';
import type { PersistedTask } from '../../state/taskTypes';
import { MappingNeeded, mappingRequest, type MappingRequest, type ReadWith, type SchemaInfo } from '../../core/formats/published';
import { downloadText } from '../common/download';
import { readUserBytes } from '../common/readUserFile';
import { showString } from './format';

// Only a file that needs a mapping (or a user who asks to change one) loads the form.
const MappingForm = lazy(() => import('./MappingForm'));

function LineErrors(props: { errors: LineError[]; unit?: ItemsErrorUnit; testId: string }) {
  if (props.errors.length === 0) return null;
  // A JSON array's problems are numbered by item, a JSONL or CSV file's by line.
  const unit = props.unit ?? 'line';
  const shown = props.errors.slice(0, 200);
  return (
    <div className="error task-line-errors" role="alert" data-testid={props.testId}>
      <strong>
        {props.errors.length} {unit}
        {props.errors.length === 1 ? '' : 's'} could not be read
      </strong>
      {props.testId === 'line-errors' ? ` (the other ${unit}s loaded):` : ':'}
      <ul>
        {shown.map((e) => (
          <li key={`${e.line}:${e.message}`}>
            {unit} {e.line}: {e.message}
          </li>
        ))}
      </ul>
      {props.errors.length > shown.length && <p>… and {props.errors.length - shown.length} more.</p>}
    </div>
  );
}

/** Which format and schema the file was read with, and where each field came from. */
function SchemaLine(props: { schema: SchemaInfo }) {
  const s = props.schema;
  const rows: [string, string][] = [
    ['context', s.fields.context],
    ['choices', s.fields.choices],
    ['gold', s.fields.gold],
    ['id', s.fields.id],
    ['subset', s.fields.subset],
  ];
  return (
    <div className="task-schema" data-testid="task-schema">
      <p>
        Read as <strong data-testid="schema-name">{s.name}</strong>{' '}
        <span className="muted">
          ({s.format}
          {s.gzip ? ', gzip' : ''}; {s.how})
        </span>
      </p>
      <dl className="task-schema-fields">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <code>{v}</code>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function TaskSummary(props: { task: PersistedTask; onChangeMapping?: () => void }) {
  const { task } = props;
  const items = task.set.items;
  const cloze = items.filter((it) => it.choices.length === 1).length;
  const subjects = new Set(items.map((it) => it.subject).filter(Boolean));
  const goldBytes = items
    .map((it) => {
      const g = typeof it.gold === 'number' ? it.gold : it.gold[0];
      return g >= 0 && g < it.choices.length ? utf8Length(continuationOf(task.set, it, g)) : NaN;
    })
    .filter(Number.isFinite);
  const exportTask = () => {
    const out = exportLmEvalTask(task.set);
    downloadText(out.yaml, out.yamlName, 'application/yaml');
    downloadText(out.jsonl, out.jsonlName, 'application/jsonl');
  };
  return (
    <div className="task-summary" data-testid="task-summary">
      <p>
        <strong data-testid="task-name">{task.set.name}</strong>{' '}
        <span className="muted">
          ({task.kind === 'sample' ? 'built-in' : task.kind === 'log_samples' ? 'lm-eval-harness log_samples' : task.fileName})
        </span>
      </p>
      {task.schema && <SchemaLine schema={task.schema} />}
      {props.onChangeMapping && (
        <button type="button" onClick={props.onChangeMapping} data-testid="change-mapping">
          Change the mapping
        </button>
      )}
      <ul className="task-facts">
        <li>
          <span data-testid="item-count">{items.length}</span> items: {cloze} cloze, {items.length - cloze} multiple choice
        </li>
        {subjects.size > 0 && <li>{subjects.size} subjects</li>}
        {goldBytes.length > 0 && (
          <li>
            gold answers {extent(goldBytes).join('–')} bytes
          </li>
        )}
        <li>put between context and answer: {showString(task.set.targetDelimiter)}</li>
      </ul>
      {task.warnings.map((w) => (
        <p key={w} className="muted task-note">
          {w}
        </p>
      ))}
      <LineErrors errors={task.errors} unit={task.errorUnit} testId="line-errors" />
      {items.length > 0 && (
        <button type="button" onClick={exportTask}>
          Export as lm-eval-harness task (YAML + JSONL)
        </button>
      )}
    </div>
  );
}

export function TaskInput() {
  const task = useTaskLab((s) => s.task);
  const busy = useTaskLab((s) => ['loading', 'running', 'paused'].includes(s.batch.status));
  const loadSample = useTaskLab((s) => s.loadSample);
  const loadBytes = useTaskLab((s) => s.loadBytes);
  const [delimiter, setDelimiter] = useState<DelimiterChoice>('none');
  const [failed, setFailed] = useState<{ message: string; errors: LineError[]; unit?: ItemsErrorUnit } | null>(null);
  const [dragging, setDragging] = useState(false);
  /** Set when several files were dropped: which one loaded, since the lab holds one task at a time. */
  const [dropNote, setDropNote] = useState<string | null>(null);
  const lastFile = useRef<{ bytes: Uint8Array; name: string } | null>(null);
  /** The schema or mapping the last file was read with (kept when the delimiter changes). */
  const lastGiven = useRef<ReadWith>({});
  const [mapping, setMapping] = useState<{ request: MappingRequest; name: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const readFile = async (file: File) => {
    setFailed(null);
    setMapping(null);
    const read = await readUserBytes(file);
    if (!read.ok) {
      setFailed({ message: read.message, errors: [] });
      return;
    }
    lastFile.current = { bytes: read.bytes, name: file.name };
    lastGiven.current = {};
    setMapping(null);
    await parse(read.bytes, file.name, delimiter);
  };

  const parse = async (bytes: Uint8Array, name: string, d: DelimiterChoice) => {
    try {
      await loadBytes(bytes, name, d, lastGiven.current);
    } catch (err) {
      if (err instanceof MappingNeeded) {
        setMapping({ request: err.request, name });
        return;
      }
      const e = err as Error & { lineErrors?: LineError[]; errorUnit?: ItemsErrorUnit };
      setFailed({ message: e.message, errors: e.lineErrors ?? [], unit: e.errorUnit });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = e.dataTransfer.files;
    const file = files[0];
    if (!file || busy) return;
    setDropNote(
      files.length > 1
        ? `${files.length} files dropped: the Task lab holds one task at a time, so it loaded ${file.name}; drop the others one at a time.`
        : null,
    );
    void readFile(file);
  };

  /** Re-reads the last file with the form's choice; a message when nothing could be read. */
  const applyMapping = async (given: ReadWith): Promise<string | null> => {
    const f = lastFile.current;
    if (!f) return 'The file is no longer at hand: choose it again.';
    try {
      await loadBytes(f.bytes, f.name, delimiter, given);
    } catch (err) {
      const e = err as Error & { lineErrors?: LineError[]; errorUnit?: ItemsErrorUnit };
      const first = e.lineErrors?.[0];
      return first ? `${e.message} The first: ${e.errorUnit ?? 'line'} ${first.line}: ${first.message}.` : e.message;
    }
    lastGiven.current = given;
    setMapping(null);
    setFailed(null);
    return null;
  };

  const changeMapping = async () => {
    const f = lastFile.current;
    if (!f) return;
    try {
      setMapping({ request: await mappingRequest(f.bytes, f.name), name: f.name });
    } catch (err) {
      setFailed({ message: (err as Error).message, errors: [] });
    }
  };

  const changeDelimiter = (d: DelimiterChoice) => {
    setDelimiter(d);
    const f = lastFile.current;
    if (f && task?.kind === 'items' && task.fileName === f.name && !busy) void parse(f.bytes, f.name, d);
  };

  return (
    <section className="panel task-input" aria-labelledby="task-input-title">
      <h2 id="task-input-title">1. Items</h2>
      <p className="muted task-note" data-testid="check-needs-no-model">
        A file's Check (the gold answer's length, duplicate choices, format tells, letter keys, whitespace at the join, invisible characters) appears as soon as it is
        read, before any model runs.
      </p>
      <div className="task-input-grid">
        <div>
          <h3>Built-in sample tasks</h3>
          <ul className="task-samples">
            {SAMPLE_TASKS.map((t) => (
              <li key={t.name}>
                <button type="button" disabled={busy} onClick={() => { setFailed(null); setDropNote(null); setMapping(null); void loadSample(t.name); }} data-testid={`sample-${t.name}`} aria-pressed={task?.kind === 'sample' && task.set.name === t.name}>
                  {t.name}
                </button>{' '}
                <span className="muted">{t.description}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Your own file</h3>
          <div
            className={`task-drop${dragging ? ' task-drop-active' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>
              Drop a JSONL, JSON, CSV, TSV or Parquet file (or gzip of one) here, or{' '}
              <button type="button" disabled={busy} onClick={() => inputRef.current?.click()}>
                choose a file
              </button>
            </p>
            <input
              ref={inputRef}
              type="file"
              accept=".jsonl,.ndjson,.json,.csv,.tsv,.parquet,.gz,text/csv,application/json"
              className="sr-only"
              aria-label="Items file"
              data-testid="items-file"
              disabled={busy}
              onChange={(e) => {
                setDropNote(null);
                const f = e.target.files?.[0];
                if (f) void readFile(f);
                e.target.value = '';
              }}
            />
            <p className="muted task-note">
              Items: <code>context</code> + <code>gold</code> (cloze) or <code>context</code> + <code>choices</code> + <code>label</code>; optional <code>id</code>, <code>subject</code>. An
              lm-eval-harness <code>--log_samples</code> file is recognised and its logged scores are used, and so are published benchmark files as they
              ship (HellaSwag, ARC and the AI2 family, MMLU, MMLU-Pro, TruthfulQA, PIQA, Social IQa, COPA, Winogrande, preference pairs). A file in any other
              layout opens a form to map its fields.
            </p>
            <label className="task-inline" title="auto: a space, unless every answer already starts with whitespace or every context ends with it">
              Between context and answer{' '}
              <select value={delimiter} onChange={(e) => changeDelimiter(e.target.value as DelimiterChoice)} disabled={busy}>
                <option value="none">nothing (as written)</option>
                <option value="space">a space (lm-eval)</option>
                <option value="auto">auto</option>
              </select>
            </label>
          </div>
        </div>
      </div>
      {dropNote && (
        <p className="warning" role="status" data-testid="drop-note">
          {dropNote}
        </p>
      )}
      {failed && (
        <div className="error" role="alert" data-testid="load-error">
          <p>{failed.message}</p>
          {failed.errors.length > 0 && <LineErrors errors={failed.errors} unit={failed.unit} testId="load-line-errors" />}
        </div>
      )}
      {mapping && (
        <Suspense fallback={<p className="loading">Opening the mapping form…</p>}>
          <MappingForm key={mapping.name + mapping.request.reason} request={mapping.request} fileName={mapping.name} delimiter={delimiter} current={lastGiven.current} onApply={applyMapping} onCancel={() => setMapping(null)} />
        </Suspense>
      )}
      {task && (
        <TaskSummary
          task={task}
          onChangeMapping={!mapping && !busy && task.kind === 'items' && task.schema && task.fileName === lastFile.current?.name ? () => void changeMapping() : undefined}
        />
      )}
    </section>
  );
}
