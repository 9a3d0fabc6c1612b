// The mapping form (loaded only when a file needs it): which schema, or which field paths, give a
// file's context, choices, gold, id and subset; prefilled with detection's guess; the first records
// shown exactly as they will be checked; Apply re-reads the file through core's reader with it.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { itemsOfRecords, type MappingRequest, type ReadWith } from '../../core/formats/published';
import { mappingSchema, schemaById, type SchemaSpec } from '../../core/formats/schemas';
import { guessMapping, MAPPING_FIELDS, mappingFromTexts, mappingProblems, textsOfMapping, type MappingField, type MappingTexts } from '../../core/formats/userMapping';
import type { TaskItem } from '../../core/tasks/types';
import { resolveDelimiter, type DelimiterChoice } from '../../state/taskSource';
import { visible } from '../scorer/format';
import { showString } from './format';
import './mappingForm.css';

/** How many records the preview shows. */
const PREVIEW = 5;
const MINE = 'mine';

const LABELS: Record<MappingField, { label: string; hint: string }> = {
  context: { label: 'Context', hint: 'Field paths, comma-separated, joined by one space (question.stem, or context, question).' },
  choices: { label: 'Choices', hint: 'Field paths, comma-separated (sol1, sol2); a path to a list gives each string (options, choices[*].text).' },
  gold: { label: 'Gold', hint: 'One path: a choice index from 0, a letter, or the gold choice\u2019s text. Empty: no gold.' },
  id: { label: 'Id', hint: 'Optional; empty: the record number.' },
  subset: { label: 'Subset', hint: 'Optional: the check breaks its figures down by it.' },
};

function startTexts(request: MappingRequest, id: string | undefined): MappingTexts {
  const m = id !== undefined ? schemaById(id)?.mapping : undefined;
  return m ? textsOfMapping(m) : guessMapping(request.records.map((r) => r.value));
}

const REASON: Record<MappingRequest['reason'], string> = {
  recognised: 'Detected from its first records; change the paths to read it another way.',
  ambiguous: 'Its first records fit more than one schema equally well: choose one, or give the field paths yourself.',
  unrecognised: 'No schema lengthlens knows fits its first records. The paths below are a guess from its field names: check them against the preview.',
};

interface Props {
  request: MappingRequest;
  fileName: string;
  delimiter: DelimiterChoice;
  /** The schema or mapping the file is read with now, to start from instead of detection's guess. */
  current?: ReadWith;
  /** Re-reads the file with the choice; resolves to a message when that failed. */
  onApply(given: ReadWith): Promise<string | null>;
  onCancel(): void;
}

export default function MappingForm(props: Props) {
  const { request } = props;
  const uid = useId();
  const start = props.current?.mapping ? MINE : (props.current?.schema ?? request.candidates[0] ?? MINE);
  const candidates = start !== MINE && !request.candidates.includes(start) ? [start, ...request.candidates] : request.candidates;
  const [selected, setSelected] = useState<string>(start);
  const [texts, setTexts] = useState<MappingTexts>(() => (props.current?.mapping ? textsOfMapping(props.current.mapping) : startTexts(request, start === MINE ? undefined : start)));
  const [applyError, setApplyError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const problems = useMemo(() => (selected === MINE ? mappingProblems(texts, request.records, request.unit) : {}), [selected, texts, request]);
  const blocked = Object.values(problems).some((p) => p?.blocking);
  const spec: SchemaSpec | undefined = useMemo(() => {
    if (selected !== MINE) return schemaById(selected);
    if (blocked) return undefined;
    try {
      return mappingSchema(mappingFromTexts(texts));
    } catch {
      return undefined;
    }
  }, [selected, texts, blocked]);
  const preview = useMemo(() => {
    if (!spec) return [];
    return request.records.slice(0, PREVIEW).map((r) => ({ n: r.n, ...itemsOfRecords(spec, [r]) }));
  }, [spec, request]);
  const delimiter = resolveDelimiter(
    preview.flatMap((p) => p.items),
    props.delimiter,
  );

  const edit = (field: MappingField, value: string) => {
    setTexts((t) => ({ ...t, [field]: value }));
    setSelected(MINE);
  };
  const choose = (id: string) => {
    setSelected(id);
    if (id !== MINE) setTexts(startTexts(request, id));
  };
  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked || applying) return;
    let given: ReadWith;
    try {
      given = selected === MINE ? { mapping: mappingFromTexts(texts) } : { schema: selected };
    } catch (err) {
      setApplyError((err as Error).message);
      return;
    }
    setApplying(true);
    setApplyError(await props.onApply(given));
    setApplying(false);
  };
  const own = selected !== MINE ? schemaById(selected) : undefined;

  return (
    <section className="mapping-form" aria-labelledby={`${uid}-title`} data-testid="mapping-form">
      <h3 id={`${uid}-title`}>Map the fields of {props.fileName}</h3>
      <p className="task-note">{REASON[request.reason]}</p>
      <form onSubmit={(e) => void apply(e)} noValidate>
        {candidates.length > 0 && (
          <fieldset className="mapping-read-as">
            <legend>Read as</legend>
            {candidates.map((id) => (
              <label key={id}>
                <input type="radio" name={`${uid}-read-as`} value={id} checked={selected === id} onChange={() => choose(id)} /> {schemaById(id)?.name ?? id}
              </label>
            ))}
            <label>
              <input type="radio" name={`${uid}-read-as`} value={MINE} checked={selected === MINE} onChange={() => choose(MINE)} /> the field paths below
            </label>
          </fieldset>
        )}
        {own && !own.mapping && (
          <p className="muted task-note" data-testid="mapping-own-reader">
            {own.name} is read by its own rules: context {own.fields.context}; choices {own.fields.choices}; gold {own.fields.gold}. Editing a path below reads the file by your paths instead.
          </p>
        )}
        <div className="mapping-fields">
          {MAPPING_FIELDS.map((field) => {
            const id = `${uid}-${field}`;
            const problem = problems[field];
            return (
              <div className="mapping-field" key={field}>
                <label htmlFor={id}>{LABELS[field].label}</label>
                <input
                  id={id}
                  type="text"
                  spellCheck={false}
                  autoComplete="off"
                  value={texts[field]}
                  onChange={(e) => edit(field, e.target.value)}
                  aria-invalid={problem?.blocking ? true : undefined}
                  aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
                  data-testid={`mapping-${field}`}
                />
                <p id={`${id}-hint`} className="muted mapping-hint">
                  {LABELS[field].hint}
                </p>
                {problem && (
                  <p id={`${id}-problem`} className={problem.blocking ? 'mapping-problem mapping-blocking' : 'mapping-problem'} data-testid={`mapping-${field}-problem`}>
                    {problem.message}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <h4 className="mapping-preview-title">
          {spec ? `The first ${preview.length} records as they will be checked` : 'No preview until the paths are fixed'}
        </h4>
        {spec && (
          <ol className="mapping-preview" data-testid="mapping-preview">
            {preview.map((p) => (
              <li key={p.n}>
                {p.items.length === 0 && (
                  <span className="muted">
                    {request.unit} {p.n.toLocaleString('en')}
                  </span>
                )}
                {p.errors.map((e) => (
                  <p key={e.message} className="mapping-problem mapping-blocking">
                    Cannot be read: {e.message}
                  </p>
                ))}
                {p.items.map((it) => (
                  <PreviewItem key={it.id} item={it} where={`${request.unit} ${p.n.toLocaleString('en')}`} delimiter={delimiter} />
                ))}
              </li>
            ))}
          </ol>
        )}
        <p className="muted mapping-hint">
          In the choices a space is shown as ·. Put between context and choice: {showString(delimiter)} (the &ldquo;Between context and answer&rdquo; setting above).
        </p>
        {applyError && (
          <p className="error" role="alert" data-testid="mapping-apply-error">
            {applyError}
          </p>
        )}
        <div className="mapping-buttons">
          <button type="submit" className="primary" disabled={blocked || applying} data-testid="mapping-apply">
            Apply
          </button>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
          {blocked && <span className="muted mapping-hint">Fix the paths marked above to apply.</span>}
        </div>
      </form>
    </section>
  );
}

function PreviewItem(props: { item: TaskItem; where: string; delimiter: string }) {
  const it = props.item;
  const gold = typeof it.gold === 'number' ? [it.gold] : it.gold;
  return (
    <div className="mapping-item" data-testid="mapping-item">
      <p className="mapping-context">
        <span className="muted">
          {props.where} · id {it.id}
          {it.subject ? ` · subset ${it.subject}` : ''}:
        </span> <span data-testid="mapping-item-context">{it.context}</span>
      </p>
      <ol className="mapping-choices" type="A">
        {it.choices.map((c, i) => (
          <li key={i} className={gold.includes(i) ? 'mapping-gold' : undefined} data-gold={gold.includes(i) ? 'true' : undefined}>
            <code>{visible(props.delimiter + c)}</code>
            {gold.includes(i) && <strong> (gold)</strong>}
          </li>
        ))}
      </ol>
      {gold.length === 0 && <p className="muted mapping-hint">No gold: this item is left out of the lab (lengthlens check --labels reads labels from a separate file).</p>}
    </div>
  );
}
