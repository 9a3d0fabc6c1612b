// The Check report (SPEC §6.1) of the loaded task, before any model runs: each finding as a card
// with its verdict, interval and flagged items (each opening in the Scorer); the gold-length rank
// histogram; once a run has scores (a model's, or a log's logged ones), the score probes and the
// share of each rule's picks that are shortest against chance.
import { useEffect, useMemo, type ReactNode } from 'react';
import { AnswerStringsCheck, pct, type AnswerStringsReport } from '../../core/check/answerStrings';
import { ScoreProbeCheck, type ScoreProbeReport } from '../../core/check/scoreProbes';
import { checkMarkdown, type CheckSection } from '../../core/check/markdown';
import { answerStringFindings, probeFindings, type Finding } from '../../core/check/summary';
import { SubsetBreakdown, subsetFindings } from '../../core/check/subsets';
import type { ListedItem } from '../../core/check/listed';
import { downloadText } from '../common/download';
import { runItems, useTaskLab } from '../../state/taskStore';
import { checkItemLink as link, taskCheckItems } from './scorerLinks';

const SHOWN = 8;

/** Bars against a chance line; `format` writes a bar's value (item counts are whole numbers, shares are not). */
function Bars(props: { label: string; rows: { name: string; value: number; chance: number }[]; format: (x: number) => string }) {
  const max = Math.max(...props.rows.flatMap((r) => [r.value, r.chance]), 1e-9);
  return (
    <figure className="check-bars" aria-label={props.label}>
      <figcaption>{props.label}</figcaption>
      {props.rows.map((r) => (
        <div className="check-bar-row" key={r.name}>
          <span className="check-bar-name">{r.name}</span>
          <span className="check-bar-track">
            <span className="check-bar" style={{ width: `${(100 * r.value) / max}%` }} />
            <span className="check-bar-chance" style={{ left: `${(100 * r.chance) / max}%` }} title={`chance ${props.format(r.chance)}`} />
          </span>
          <span className="check-bar-value">{props.format(r.value)}</span>
        </div>
      ))}
      <p className="muted check-bar-key">bar: observed; line: by chance</p>
    </figure>
  );
}

/** The share's 95% interval on a 0–100% strip, with the share as a dot and chance as a tick. */
function IntervalStrip(props: { f: Finding }) {
  const { interval, share, chance } = props.f;
  if (!interval) return null;
  const at = (x: number) => `${Math.max(0, Math.min(100, 100 * x))}%`;
  return (
    <div className="check-interval" role="img" aria-label={`95% interval ${pct(interval[0])} to ${pct(interval[1])}${chance !== undefined ? `; chance ${pct(chance)}` : ''}`}>
      <span className="check-interval-track">
        <span className="check-interval-span" style={{ left: at(interval[0]), width: `calc(${at(interval[1])} - ${at(interval[0])})` }} />
        {share !== undefined && <span className="check-interval-dot" style={{ left: at(share) }} />}
        {chance !== undefined && <span className="check-interval-chance" style={{ left: at(chance) }} />}
      </span>
      <span className="muted check-interval-key">
        0–100%: interval, dot the share{chance !== undefined ? ', tick chance' : ''}
      </span>
    </div>
  );
}

function Card(props: { f: Finding }) {
  const { f } = props;
  const l = f.items;
  return (
    <article className={`check-card check-${f.status}`} data-check={f.key}>
      <h4 tabIndex={-1}>
        <span className="check-mark" aria-label={f.status}>{f.status === 'flag' ? '⚠' : f.status === 'ok' ? '✓' : 'ℹ'}</span> {f.title}
      </h4>
      <p>{f.verdict}</p>
      {f.interval && <IntervalStrip f={f} />}
      {l && l.count > 0 && (
        <ul className="check-items">
          {l.items.slice(0, SHOWN).map((it) => (
            <ListedLine key={it.id} item={it} card={f.key} />
          ))}
          {l.count > SHOWN && (
            <li>
              {/* Every flagged item, here as in the CLI's --json: the first ones with their reason and link, then the ids. */}
              <details className="check-more" data-testid="check-more">
                <summary>Show all {l.count.toLocaleString('en')} flagged items</summary>
                <ul className="check-items">
                  {l.items.slice(SHOWN).map((it) => (
                    <ListedLine key={it.id} item={it} card={f.key} />
                  ))}
                </ul>
                {l.ids.length > l.items.length && (
                  <p className="muted small">
                    The next {(l.ids.length - l.items.length).toLocaleString('en')} by id (each opens from the items table): {l.ids.slice(l.items.length).join(', ')}
                  </p>
                )}
                {l.count > l.ids.length && <p className="muted small">… and {(l.count - l.ids.length).toLocaleString('en')} more, past the {l.ids.length.toLocaleString('en')} ids a check keeps.</p>}
              </details>
            </li>
          )}
        </ul>
      )}
    </article>
  );
}

const STATUS_ORDER: Readonly<Record<Finding['status'], number>> = { flag: 0, info: 1, ok: 2 };

/**
 * A grid's cards as a report reads: flagged cards first (open), then the notes, then `children`
 * (the grid's chart); the checks that found nothing folded into one "N checks found nothing"
 * disclosure, so that what needs a look is not lost among them.
 */
function Cards(props: { findings: Finding[]; children?: ReactNode }) {
  const shown = props.findings.filter((f) => f.status !== 'ok').sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
  const clear = props.findings.filter((f) => f.status === 'ok');
  return (
    <>
      {shown.map((f) => (
        <Card key={f.key} f={f} />
      ))}
      {props.children}
      {clear.length > 0 && (
        <details className="check-clear" data-testid="check-clear">
          <summary>
            ✓ {clear.length} check{clear.length === 1 ? '' : 's'} found nothing: <span className="muted">{clear.map((f) => f.title).join('; ')}</span>
          </summary>
          <div className="check-grid">
            {clear.map((f) => (
              <Card key={f.key} f={f} />
            ))}
          </div>
        </details>
      )}
    </>
  );
}

/** The report's first line: what to look at (every flagged check, by name), and how many checks are clear. */
function CheckSummary(props: { sections: CheckSection[] }) {
  const all = props.sections.flatMap((sec) => sec.findings);
  const flagged = all.filter((f) => f.status === 'flag');
  const clear = all.filter((f) => f.status === 'ok').length;
  const clearText = `${clear} check${clear === 1 ? '' : 's'} clear`;
  return (
    <p className="check-summary" data-testid="check-summary" data-flags={flagged.length}>
      {flagged.length === 0 ? (
        <>✓ Nothing flagged; {clearText}.</>
      ) : (
        <>
          ⚠ {flagged.length} to look at: {flagged.map((f) => f.title).join('; ')}. {clearText}.
        </>
      )}
    </p>
  );
}

/** The card an item was opened from: "Back to the task" lands on it again (session only). */
const RETURN_CARD_KEY = 'lengthlens:check-return-card';

function ListedLine(props: { item: ListedItem; card: string }) {
  const it = props.item;
  return (
    <li>
      {it.scorer ? (
        <a href={it.scorer} aria-label={`Open item ${it.id} in the Scorer`} onClick={() => sessionStorage.setItem(RETURN_CARD_KEY, props.card)}>
          {it.id}
        </a>
      ) : (
        it.id
      )}
      : {it.why}
    </li>
  );
}

function rankRows(r: AnswerStringsReport) {
  return r.length.gold_rank.counts.map((c, i) => ({ name: i === 0 ? 'longest' : `rank ${i + 1}`, value: c, chance: r.length.gold_rank.expected[i] }));
}

function shortestRows(p: ScoreProbeReport) {
  return Object.entries(p.picks_shortest).map(([rule, s]) => ({ name: rule, value: 100 * s.share, chance: 100 * s.expected }));
}

export function CheckView() {
  const task = useTaskLab((s) => s.task);
  const runs = useTaskLab((s) => s.runs);
  const activeKey = useTaskLab((s) => s.activeRunKey);
  const strings = useMemo(() => {
    if (!task) return undefined;
    const c = new AnswerStringsCheck(link);
    const items = taskCheckItems(task);
    for (const it of items) c.add(it);
    return { report: c.report(), items };
  }, [task]);
  const bySubset = useMemo(() => {
    if (!task || !strings) return undefined;
    const b = new SubsetBreakdown(task.schema?.fields.subset.replace(/ \(.*$/, '') ?? 'subject');
    const subjects = new Map(task.set.items.map((it) => [it.id, it.subject]));
    for (const it of strings.items) {
      const s = subjects.get(it.id);
      if (s !== undefined && !it.cloze) b.add(s, it.choices, it.gold);
    }
    const r = b.report();
    return r.n_subsets >= 2 ? r : undefined;
  }, [task, strings]);
  const run = activeKey ? runs[activeKey] : undefined;
  const probes = useMemo(() => {
    if (!task || !run || !strings) return undefined;
    const scored = runItems(task, run);
    const byId = new Map(strings.items.map((it) => [it.id, it]));
    const p = new ScoreProbeCheck(link);
    for (const s of scored) {
      const it = byId.get(s.id);
      if (it) p.add(it, s);
    }
    return scored.length ? p.report() : undefined;
    // run.version changes whenever the run gains items.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task, run, run?.version, strings]);
  // Back from an item opened in the Scorer: the card it was opened from, in view and focused.
  const hasReport = !!task && !!strings;
  useEffect(() => {
    if (!hasReport) return;
    const key = sessionStorage.getItem(RETURN_CARD_KEY);
    if (!key) return;
    sessionStorage.removeItem(RETURN_CARD_KEY);
    const heading = document.querySelector<HTMLElement>(`[data-testid=task-check] [data-check="${CSS.escape(key)}"] h4`);
    // A card among the folded all-clear ones: unfold them first.
    const folded = heading?.closest<HTMLDetailsElement>('details.check-clear');
    if (folded) folded.open = true;
    heading?.scrollIntoView({ block: 'center' });
    heading?.focus({ preventScroll: true });
  }, [hasReport]);
  if (!task || !strings) return null;
  const r = strings.report;
  const sections: CheckSection[] = [{ title: 'Answer strings (no model)', findings: answerStringFindings(r) }];
  if (bySubset) sections.push({ title: `By ${bySubset.by} (Holm-corrected)`, findings: subsetFindings(bySubset) });
  if (probes && run) sections.push({ title: `From the scores of ${run.label}`, findings: probeFindings(probes, 'run') });
  const slug = `${task.set.name}-check`.replace(/[^A-Za-z0-9_.-]+/g, '_');
  // Items link into this app where it is served over http(s) (the report's links must be web links).
  const app = /^https?:$/.test(window.location.protocol) ? window.location.origin + window.location.pathname : undefined;
  const download = (kind: 'md' | 'json') =>
    kind === 'md'
      ? downloadText(checkMarkdown(task.set.name, sections, [], r.notes, app), `${slug}.md`, 'text/markdown')
      : downloadText(JSON.stringify({ source: task.set.name, ...r, ...(probes && run ? { run: { label: run.label, ...probes } } : {}) }, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2), `${slug}.json`, 'application/json');
  return (
    <details className="task-check" open data-testid="task-check">
      <summary>
        <h2>Check: {task.set.name}</h2>
      </summary>
      <CheckSummary sections={sections} />
      <p className="muted">
        The task's answer strings, before any model runs (the same report as <code>lengthlens check</code>). A choice is the string as scored (the
        delimiter in front), lettered A, B, … as in the Scorer; a byte count is the choice's UTF-8 bytes without the delimiter, as acc_norm and
        acc_bytes count them (and the Scorer); ties count. Each listed item opens in the Scorer.
      </p>
      <p className="task-inline">
        <button type="button" onClick={() => download('md')}>
          Download report (Markdown)
        </button>{' '}
        <button type="button" onClick={() => download('json')}>
          JSON
        </button>
      </p>
      {r.notes.map((n) => (
        <p className="muted" key={n}>{n}</p>
      ))}
      <div className="check-grid">
        <Cards findings={answerStringFindings(r)}>
          {r.length.n_items > 0 && <Bars label="Gold answer's length rank (items)" rows={rankRows(r)} format={(x) => (Number.isInteger(x) ? x.toLocaleString('en') : x.toFixed(1))} />}
        </Cards>
      </div>
      {bySubset && (
        <>
          <h3>By {bySubset.by}</h3>
          <p className="muted">
            The gold is the longest choice, per {bySubset.by}, against chance; a subset is flagged when the difference survives Holm&apos;s correction for
            {' '}{bySubset.n_subsets} tests (α {bySubset.alpha}). Flagged subsets first.
          </p>
          <div className="check-grid">
            <Bars
              label={`Gold is a longest choice (%), by ${bySubset.by}`}
              rows={bySubset.rows.map((row) => ({ name: `${row.gold_longest.against === 'above' || row.baseline_longest.against === 'above' ? '⚠ ' : ''}${row.subset}`, value: 100 * row.gold_longest.share, chance: 100 * row.gold_longest.expected }))}
              format={(x) => x.toFixed(1)}
            />
            <Cards findings={subsetFindings(bySubset).slice(0, 13)} />
          </div>
        </>
      )}
      {probes && run && (
        <>
          <h3>From the scores of the shown run: {run.label}</h3>
          <div className="check-grid">
            <Cards findings={probeFindings(probes, 'run')}>
              {Object.keys(probes.picks_shortest).length > 0 && <Bars label="Picks that are a shortest choice (%), per rule" rows={shortestRows(probes)} format={(x) => x.toFixed(1)} />}
            </Cards>
          </div>
        </>
      )}
      {!probes && <p className="muted">The model probes (accuracy per rule, shortest picks, choices-only accuracy) appear once a model has scored the task.</p>}
    </details>
  );
}
