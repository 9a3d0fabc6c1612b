// Lessons: short guided lessons on the live model and the labs. Each step: a few sentences, a
// question the learner commits to before the live numbers appear, the live figure, and the
// step's claims checked against those numbers. Every step has its own link and its own embed.
import { Fragment, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { decodeSnapshot, encodeSnapshot, type Snapshot } from '../../state/snapshot';
import { copyText, embedSnippet } from '../embed/embedCode';
import { ShareButtons, type ShareKind, type Shared } from '../common/ShareButtons';
import { useReportHeight } from '../embed/useReportHeight';
import { useLocationHash } from '../useLocationHash';
import { lessonHash, lessonRouteFromHash, type LessonRoute } from '../route';
import { findLesson, LESSONS, shownRules } from './content';
import { SummaryCard } from './SummaryCard';
import { CARDS } from './cards';
import { QUIZ, QUIZ_ID } from './quiz';
import { predictionScore, recordStep, resetLesson, stepProgress, useProgress } from './progress';
import type { Claim, Facts, Lesson, Step } from './types';
import { needsModel, useFacts, type FactsState } from './useFacts';
import { widgetKind } from './widgets';
import { LessonFigure } from './widgets/LessonFigure';
import './lessons.css';

// A step's figure (charts among them), its tools (Try it: the engine) and the reveal's progress load
// when they are shown (each widget kind fetches its own code): a step's question, and an embedded
// step, need none of them.
const RevealProgress = lazy(() => import('./RevealProgress').then((m) => ({ default: m.RevealProgress })));
const COMPUTING = <p className="muted" data-testid="facts-loading">Computing on the live model…</p>;

function useLessonRoute(): LessonRoute {
  const hash = useLocationHash();
  return useMemo(() => lessonRouteFromHash(hash), [hash]);
}

/**
 * `*x*` as emphasis; everything else is text (never HTML). An answer quoted with its leading space
 * (“ hat.”) shows that space as ·, as the figures and options do: a bare space after the opening
 * quote reads as a typo and lets a line break part the quote from its answer.
 */
function Prose(props: { text: string }) {
  const parts = props.text.replace(/“ (?=\S)/g, '“·').split(/\*([^*]+)\*/g);
  return <>{parts.map((p, i) => (i % 2 === 1 ? <em key={i}>{p}</em> : <Fragment key={i}>{p}</Fragment>))}</>;
}

function optionsOf(step: Step): string[] {
  const q = step.question;
  if (!q) return [];
  if (q.options !== 'candidates') return q.options;
  return widgetKind(step.widget.kind).options?.(step.widget) ?? [];
}

function claimsOf(step: Step): Claim[] {
  const fromWidget = widgetKind(step.widget.kind).claims?.(step.widget) ?? [];
  return [...fromWidget, ...(step.claims ?? [])];
}

/** The snapshot of a step's live facts, for its embed link (null: nothing to carry). */
function snapshotOf(state: FactsState): { payload: string } | { error: string } | null {
  if (state.status !== 'ready' || state.origin !== 'live' || !state.model) return null;
  const carried = widgetKind(state.facts.kind).snapshot;
  if (!carried) return null;
  const r = carried.write(state.facts, state.model);
  if (!r.ok) return { error: r.error };
  const e = encodeSnapshot(r.snapshot);
  return e.ok ? { payload: e.payload } : { error: e.error };
}

function ShareStep(props: { lesson: Lesson; index: number; state: FactsState }) {
  const base = window.location.origin + window.location.pathname;
  const make = async (kind: ShareKind): Promise<Shared> => {
    if (kind === 'link') {
      const text = base + lessonHash(props.lesson.id, props.index);
      return { text, note: (await copyText(text)) ? 'Link copied.' : 'Select and copy the link above.' };
    }
    const snap = snapshotOf(props.state);
    const payload = snap && 'payload' in snap ? snap.payload : undefined;
    const url = `${base}?embed=1${lessonHash(props.lesson.id, props.index, payload)}`;
    const text = embedSnippet(url, `lengthlens lesson: ${props.lesson.steps[props.index].title}`);
    const copied = await copyText(text);
    const carries = payload ? ' It carries a snapshot of these numbers, so it shows at once.' : needsModel(props.lesson.steps[props.index].widget) ? ' It loads the model when the reader clicks.' : '';
    const problem = snap && 'error' in snap ? ` No snapshot: ${snap.error}.` : '';
    return { text, note: `${copied ? 'Embed code copied.' : 'Select and copy the embed code above.'}${carries}${problem}` };
  };
  return (
    <ShareButtons
      label="Share this step"
      className="lesson-share"
      linkLabel="Copy link to this step"
      testIds={{ link: 'step-link', embed: 'step-embed' }}
      rows={{ link: 3, embed: 3 }}
      make={make}
    />
  );
}

/** A missed quiz item's way back: the lesson step it transfers. */
function BackToStep(props: { from: Step['from'] }) {
  const lesson = props.from && findLesson(props.from.lesson);
  const index = lesson ? lesson.steps.findIndex((s) => s.id === props.from!.step) : -1;
  if (!lesson || index < 0) return null;
  return (
    <p className="small" data-testid="back-to-step">
      From the lesson: <a href={lessonHash(lesson.id, index)}>{lesson.title}, step {index + 1}: {lesson.steps[index].revealTitle ?? lesson.steps[index].title}</a>
    </p>
  );
}

function Reveal(props: { step: Step; facts: Facts; answer: number | undefined }) {
  const q = props.step.question;
  if (!q) return null;
  const options = optionsOf(props.step);
  const live = q.answer(props.facts);
  const right = props.answer === live;
  return (
    <div className={`reveal ${right ? 'right' : 'wrong'}`} data-testid="reveal" data-live={live} data-claim={q.claim} data-answer={props.answer ?? ''}>
      <strong>{right ? 'You predicted it.' : 'Not quite.'}</strong> You said {props.answer !== undefined ? options[props.answer] : '—'}; the live numbers say{' '}
      <strong>{options[live] ?? 'nothing (they could not decide)'}</strong>.
      {!right && props.answer !== undefined && q.wrongBecause?.[props.answer] && (
        <p className="why" data-testid="why">
          <Prose text={q.wrongBecause[props.answer]} />
        </p>
      )}
      {!right && <BackToStep from={props.step.from} />}
    </div>
  );
}

function Claims(props: { claims: Claim[]; facts: Facts; question?: Step['question'] }) {
  const rows = props.claims.map((c) => ({ text: c.text, holds: c.holds(props.facts) }));
  if (props.question) rows.unshift({ text: 'The answer the text gives is the live answer.', holds: props.question.answer(props.facts) === props.question.claim });
  if (rows.length === 0) return null;
  return (
    <ul className="claims" aria-label="This step's claims, checked on the live numbers">
      {rows.map((r) => (
        <li key={r.text} data-testid="claim" data-holds={r.holds} className={r.holds ? 'holds' : 'fails'}>
          {r.holds ? '✓' : '✗'} {r.text}
          {!r.holds && ' (does not hold on these numbers)'}
        </li>
      ))}
    </ul>
  );
}

function Origin(props: { state: FactsState; snapshot: Snapshot | null; liveState: FactsState; onRunLive?: () => void }) {
  const s = props.state;
  if (s.status !== 'ready') return null;
  const model = s.model ? `${s.model.id} (${s.model.dtype}, ${s.model.device === 'webgpu' ? 'WebGPU' : 'WASM'})` : null;
  let diff: string | null = null;
  if (props.snapshot && props.liveState.status === 'ready') {
    const f = props.liveState.facts;
    const snap = props.snapshot;
    const d = widgetKind(f.kind).snapshot?.differences(snap, f) ?? [];
    diff = d.length === 0 ? 'The live result matches the snapshot.' : `The live result differs from the snapshot: ${d.join('; ')}.`;
  }
  return (
    <p className="origin small" data-testid="origin" data-origin={s.origin} data-load-id={s.origin === 'live' ? s.loadId : undefined}>
      {s.origin === 'snapshot' && (
        <>
          <span className="badge" data-testid="snapshot-badge">snapshot</span> Computed earlier on {model}; nothing was downloaded.{' '}
          {props.onRunLive && (
            <button type="button" onClick={props.onRunLive} data-testid="run-live" disabled={props.liveState.status === 'loading'}>
              {props.liveState.status === 'loading' ? 'Running…' : 'Run live'}
            </button>
          )}
        </>
      )}
      {s.origin === 'live' && model && <>Live on {model}. {s.deviceReason}</>}
      {s.origin === 'summary' && 'Cited summary: the AlpacaEval data is not served here, so these are the numbers the same audit gives on it (alpaca_eval at commit cd543a1).'}
      {s.origin === 'live' && !model && props.state.status === 'ready' && widgetKind(props.state.facts.kind).liveNote}
      {diff && (
        <span className={diff.startsWith('The live result matches') ? 'ok-line' : 'warning'} data-testid="live-diff">
          {' '}
          {diff}
        </span>
      )}
    </p>
  );
}

/**
 * The tool's chrome, folded away so that the reveal shows the lesson's point: where the numbers
 * come from, the claims checked on them, sharing, and (by CSS, in place) the figure's units switch,
 * first-token bits and PNG/SVG export.
 */
function StepTools(props: { revealed: boolean; children: ReactNode }) {
  return (
    <details className="step-tools" data-testid="step-tools">
      <summary>{props.revealed ? 'Details and tools: the model, the claims checked live, units, export, share' : 'Share this step'}</summary>
      {props.children}
    </details>
  );
}

export function StepView(props: { lesson: Lesson; index: number; embed?: boolean; snapshot?: Snapshot | null; snapError?: string | null }) {
  const { lesson, index } = props;
  const step = lesson.steps[index];
  const embed = props.embed ?? false;
  const snapshot = props.snapshot ?? null;
  const progress = useProgress();
  const saved = embed ? undefined : stepProgress(progress, lesson.id, step.id);
  const [picked, setPicked] = useState<number | undefined>(saved?.answer);
  const [committed, setCommitted] = useState<boolean>(!!saved?.done && saved.answer !== undefined);
  useEffect(() => {
    const s = embed ? undefined : stepProgress(progress, lesson.id, step.id);
    setPicked(s?.answer);
    setCommitted(!!s?.done && s.answer !== undefined);
    // Only when the step changes: progress updates come from this step itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.id, step.id, embed]);
  const { state, liveState, runLive } = useFacts(step.widget, !embed, snapshot);
  const q = step.question;
  const revealed = !q || committed;
  useEffect(() => {
    if (!embed && !q && state.status === 'ready') recordStep(lesson.id, step.id, { done: true });
  }, [embed, q, state.status, lesson.id, step.id]);
  // After "Commit and reveal" the button is gone: focus moves to what it revealed, not to <body>.
  const revealRef = useRef<HTMLDivElement>(null);
  const [justCommitted, setJustCommitted] = useState(false);
  useEffect(() => {
    if (justCommitted) revealRef.current?.focus();
  }, [justCommitted]);
  const commit = () => {
    if (picked === undefined) return;
    setCommitted(true);
    setJustCommitted(true);
    if (!embed) recordStep(lesson.id, step.id, { done: true, answer: picked });
  };
  const options = optionsOf(step);
  const { Item, Tools } = widgetKind(step.widget.kind);
  const embedNeedsClick = embed && needsModel(step.widget) && state.status === 'idle';

  return (
    <article className="lesson-step" data-testid="lesson-step" data-lesson={lesson.id} data-step={step.id}>
      <h2>
        <span className="muted step-no">
          {index + 1}/{lesson.steps.length}
        </span>{' '}
        {/* The telling title waits for the reveal: before it, the title says what the step asks. */}
        {revealed && step.revealTitle ? step.revealTitle : step.title}
      </h2>
      {props.snapError && (
        <p className="error" role="alert" data-testid="snapshot-error">
          {props.snapError}
        </p>
      )}
      {step.body.map((p, i) => (
        <p key={i}>
          <Prose text={p} />
        </p>
      ))}
      {Item && <Item widget={step.widget} />}
      {q && (
        <fieldset className="question panel" disabled={committed} data-testid="question">
          <legend>Predict first</legend>
          <p>{q.prompt}</p>
          <div className="options">
            {options.map((o, i) => (
              <label key={i} className={`option ${picked === i ? 'picked' : ''}`}>
                <input type="radio" name={`q-${lesson.id}-${step.id}`} checked={picked === i} onChange={() => setPicked(i)} data-testid={`option-${i}`} /> {o}
              </label>
            ))}
          </div>
          {!committed && (
            <button type="button" className="primary" disabled={picked === undefined} onClick={commit} data-testid="commit">
              Commit and reveal
            </button>
          )}
        </fieldset>
      )}
      {embedNeedsClick && (
        <p className="panel">
          This figure runs the language model stories260K in your browser.{' '}
          <button type="button" className="primary" onClick={runLive} data-testid="run-live">
            Load the model and run
          </button>
        </p>
      )}
      <div ref={revealRef} tabIndex={-1} className="reveal-region" data-testid="reveal-region" aria-label={revealed ? 'What the model says' : undefined}>
      {revealed && state.status === 'loading' && (
        <Suspense fallback={COMPUTING}>
          <RevealProgress />
        </Suspense>
      )}
      {state.status === 'error' && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
      {liveState.status === 'error' && state.status === 'ready' && (
        <p className="error" role="alert">
          Running live failed: {liveState.message}
        </p>
      )}
      {revealed && state.status === 'ready' && (
        <div className="lesson-figure" data-testid="lesson-figure">
          <Reveal step={step} facts={state.facts} answer={picked} />
          {/* An embed's origin says "snapshot" and carries Run live: it stays in view there. */}
          {embed && <Origin state={state} snapshot={snapshot} liveState={liveState} onRunLive={snapshot ? runLive : undefined} />}
          <Suspense fallback={<p className="loading">Loading the figure…</p>}>
            <LessonFigure widget={step.widget} facts={state.facts} taught={shownRules(lesson.id, step.id)} />
          </Suspense>
          {/* The explanation right under the figure it explains; the tools come after. */}
          {step.after?.map((p, i) => (
            <p key={i} className="after">
              <Prose text={typeof p === 'string' ? p : p(state.facts)} />
            </p>
          ))}
          {!embed && Tools && state.facts.kind === step.widget.kind && (
            <Suspense fallback={<p className="loading">Loading the editor…</p>}>
              <Tools widget={step.widget} facts={state.facts} taught={shownRules(lesson.id, step.id)} />
            </Suspense>
          )}
        </div>
      )}
      {!revealed && <p className="muted small">The live numbers appear once you commit to an answer.</p>}
      </div>
      {!embed && (
        <StepTools revealed={revealed && state.status === 'ready'}>
          {revealed && state.status === 'ready' && (
            <>
              <Origin state={state} snapshot={snapshot} liveState={liveState} />
              <Claims claims={claimsOf(step)} facts={state.facts} question={q} />
            </>
          )}
          <ShareStep lesson={lesson} index={index} state={state} />
        </StepTools>
      )}
      {embed && revealed && state.status === 'ready' && <Claims claims={claimsOf(step)} facts={state.facts} question={q} />}
      {embed && (
        <p className="embed-foot muted small">
          <a href={window.location.pathname + lessonHash(lesson.id, index)} target="_blank" rel="noopener">
            Open this lesson in lengthlens
          </a>
        </p>
      )}
    </article>
  );
}

/** "Your predictions: x of y right", once the learner has committed to at least one. */
function Predictions(props: { lessons: readonly Lesson[]; testId: string; label?: string }) {
  const progress = useProgress();
  const s = predictionScore(progress, props.lessons);
  if (s.answered === 0) return null;
  return (
    <p className="predictions" data-testid={props.testId} data-right={s.right} data-answered={s.answered}>
      {props.label ?? 'Your predictions'}: <strong>{s.right} of {s.answered}</strong> right
      {s.answered < s.questions ? ` (${s.questions - s.answered} questions still open)` : ''}.
    </p>
  );
}

function LessonIndex() {
  return (
    <section className="lessons-index" aria-labelledby="lessons-title">
      <h1 id="lessons-title">Lessons</h1>
      <p className="muted tagline">Seven short lessons on length bias. Each step asks you to predict, then shows the live numbers from a real model running in your browser.</p>
      <Predictions lessons={LESSONS} testId="predictions-all" />
      <Predictions lessons={[QUIZ]} testId="quiz-score-index" label="Final quiz" />
      <ol className="lesson-cards">
        {LESSONS.map((l) => (
          <IndexCard key={l.id} lesson={l} unit="steps" />
        ))}
        <IndexCard lesson={QUIZ} unit="items" className="quiz-card" />
      </ol>
    </section>
  );
}

/** A lesson's entry on the index (the final quiz's too, whose steps are items): its link, at the first step not yet done, and how far the learner got. */
function IndexCard({ lesson: l, unit, className }: { lesson: Lesson; unit: 'steps' | 'items'; className?: string }) {
  const progress = useProgress();
  const done = l.steps.filter((s) => stepProgress(progress, l.id, s.id)?.done).length;
  const next = Math.max(0, l.steps.findIndex((s) => !stepProgress(progress, l.id, s.id)?.done));
  const n = l.steps.length;
  return (
    <li className={className ? `panel ${className}` : 'panel'} data-testid={`lesson-card-${l.id}`}>
      <h2>
        <a href={lessonHash(l.id, done === n ? 0 : next)}>{l.title}</a>
      </h2>
      <p>{l.summary}</p>
      <p className="muted small" data-testid="lesson-progress">
        {done === 0 ? `${n} ${unit}` : done === n ? `Done: all ${n} ${unit}` : `${done} of ${n} ${unit} done`}
      </p>
    </li>
  );
}

function LessonView(props: { lesson: Lesson; index: number; card?: boolean }) {
  const { lesson } = props;
  const index = Math.min(props.index, lesson.steps.length - 1);
  const progress = useProgress();
  const last = index === lesson.steps.length - 1;
  // The card and the closing box sum the lesson up, the last step's answer included: they wait for its
  // commit, unless the card's own link was opened.
  const lastStep = lesson.steps[lesson.steps.length - 1];
  const lastRevealed = !lastStep.question || !!stepProgress(progress, lesson.id, lastStep.id)?.done || !!props.card;
  return (
    <section className="lesson" aria-labelledby="lesson-title">
      <p className="small">
        <a href="#/lessons">All lessons</a>
      </p>
      <h1 id="lesson-title">{lesson.title}</h1>
      <nav className="step-nav" aria-label="Steps">
        {lesson.steps.map((s, i) => (
          <a
            key={s.id}
            href={lessonHash(lesson.id, i)}
            aria-current={i === index ? 'step' : undefined}
            className={stepProgress(progress, lesson.id, s.id)?.done ? 'done' : ''}
            title={s.title}
          >
            {i + 1}
          </a>
        ))}
        <button type="button" className="link small" onClick={() => resetLesson(lesson.id)}>
          Reset progress
        </button>
      </nav>
      <StepView key={`${lesson.id}/${index}`} lesson={lesson} index={index} />
      {last && lesson.id !== QUIZ_ID && <Predictions lessons={[lesson]} testId="predictions-lesson" label="Your predictions in this lesson" />}
      {last && lesson.id === QUIZ_ID && (
        <div className="quiz-score" data-testid="quiz-end">
          <Predictions lessons={[QUIZ]} testId="quiz-score" label="Final quiz" />
          <Predictions lessons={LESSONS} testId="predictions-all" label="Your predictions in the lessons" />
        </div>
      )}
      {last && lastRevealed && CARDS[lesson.id] && <SummaryCard lesson={lesson} />}
      {last && lastRevealed && (
        <aside className="panel larger">
          <h3>{lesson.largerTitle ?? 'On a larger model'}</h3>
          <p>
            <Prose text={lesson.larger} />
          </p>
        </aside>
      )}
      <nav className="step-pager" aria-label="Previous and next step">
        {index > 0 ? <a href={lessonHash(lesson.id, index - 1)}>← Previous</a> : <span />}
        {!last ? (
          <a href={lessonHash(lesson.id, index + 1)} data-testid="next-step">
            Next →
          </a>
        ) : (
          <a href="#/lessons">All lessons →</a>
        )}
      </nav>
    </section>
  );
}

function Unknown(props: { children: ReactNode }) {
  return (
    <p className="error" role="alert">
      {props.children} <a href="#/lessons">All lessons</a>
    </p>
  );
}

export default function LessonsRoom(props: { embed?: boolean }) {
  const route = useLessonRoute();
  const embed = props.embed ?? false;
  useReportHeight(embed);
  const lesson = findLesson(route.lesson, [QUIZ]);
  const snap = useMemo(() => (route.snap ? decodeSnapshot(route.snap) : null), [route.snap]);
  if (route.lesson && !lesson) return <Unknown>There is no lesson “{route.lesson}”.</Unknown>;
  if (!lesson) return embed ? <Unknown>This embed names no lesson.</Unknown> : <LessonIndex />;
  if (embed && route.card) {
    return (
      <section className="lesson embed" aria-label={`lengthlens lesson card: ${lesson.title}`}>
        <SummaryCard lesson={lesson} embed />
      </section>
    );
  }
  if (embed) {
    const index = Math.min(route.step, lesson.steps.length - 1);
    return (
      <section className="lesson embed" aria-label={`lengthlens lesson: ${lesson.title}`}>
        <p className="muted small">{lesson.title}</p>
        <StepView
          key={`${lesson.id}/${index}/${route.snap ?? ''}`}
          lesson={lesson}
          index={index}
          embed
          snapshot={snap?.ok ? snap.snapshot : null}
          snapError={snap && !snap.ok ? `The figure's snapshot was not used: ${snap.error}.` : null}
        />
      </section>
    );
  }
  // A card link outside an embed opens the lesson at its last step, where the card is.
  return <LessonView lesson={lesson} index={route.card ? lesson.steps.length - 1 : route.step} card={route.card} />;
}
