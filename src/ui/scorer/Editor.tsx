// Context, candidates (add, remove, reorder, paste a list), gold, and the scoring options.
import { useState } from 'react';
import type { InputProblem } from '../../state/inputCheck';
import { parseCandidateList } from '../../state/inputCheck';
import { MAX_CANDIDATES } from '../../state/limits';
import { useWorkspace } from '../../state/workspace';
import { candidateLetter } from './format';

export function Editor(props: { problems: InputProblem[]; chatTemplateAvailable: boolean; compact?: boolean }) {
  const ws = useWorkspace();
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const problemOf = new Map(props.problems.filter((p) => p.candidate !== null).map((p) => [p.candidate as number, p.message]));
  const contextProblem = props.problems.find((p) => p.candidate === null);

  return (
    <section className="editor panel" aria-labelledby="editor-title">
      <h2 id="editor-title">Item</h2>
      <label className="field">
        <span className="field-label">Context</span>
        <textarea
          value={ws.context}
          rows={props.compact ? 2 : 3}
          onChange={(e) => ws.setContext(e.target.value)}
          aria-describedby={contextProblem ? 'context-problem' : undefined}
          aria-invalid={contextProblem ? true : undefined}
          spellCheck={false}
          data-testid="context"
        />
      </label>
      {contextProblem && (
        <p id="context-problem" className="error" role="alert">
          {contextProblem.message}
        </p>
      )}
      <fieldset className="candidates">
        <legend>Candidates</legend>
        <ol>
          {ws.candidates.map((c, i) => {
            const problem = problemOf.get(i);
            const pid = `cand-problem-${ws.keys[i]}`;
            return (
              <li key={ws.keys[i]} className="cand-row" data-candidate={i}>
                <span className="cand-letter" aria-hidden="true">
                  {candidateLetter(i)}
                </span>
                <textarea
                  value={c}
                  rows={Math.min(4, Math.max(1, Math.ceil(c.length / 30), c.split('\n').length))}
                  onChange={(e) => ws.setCandidate(i, e.target.value)}
                  aria-label={`Candidate ${candidateLetter(i)}`}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? pid : undefined}
                  spellCheck={false}
                  data-testid={`candidate-${i}`}
                />
                <span className="cand-actions">
                  <label className="gold-radio" title="gold answer">
                    <input type="radio" name="gold" checked={ws.gold === i} onChange={() => ws.setGold(i)} />
                    <span className="sr-only">Candidate {candidateLetter(i)} is the gold answer</span>
                    <span aria-hidden="true">gold</span>
                  </label>
                  <button type="button" onClick={() => ws.moveCandidate(i, -1)} disabled={i === 0} aria-label={`Move candidate ${candidateLetter(i)} up`}>
                    ↑
                  </button>
                  <button
                    type="button"
                    onClick={() => ws.moveCandidate(i, 1)}
                    disabled={i === ws.candidates.length - 1}
                    aria-label={`Move candidate ${candidateLetter(i)} down`}
                  >
                    ↓
                  </button>
                  <button type="button" onClick={() => ws.removeCandidate(i)} disabled={ws.candidates.length <= 1} aria-label={`Remove candidate ${candidateLetter(i)}`}>
                    ✕
                  </button>
                </span>
                {problem && (
                  <p id={pid} className="error cand-problem" role="alert">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
        {/* Under the inputs, so that the candidates themselves are in view on arrival. */}
        <p className="hint muted cand-hint">Leading spaces count: “ Paris” and “Paris” are different tokens. Pick the gold answer with the radio button.</p>
        <div className="row-actions">
          <button type="button" onClick={() => ws.addCandidate('')} disabled={ws.candidates.length >= MAX_CANDIDATES}>
            + Add candidate
          </button>
          <button type="button" onClick={() => setPasteOpen((o) => !o)} aria-expanded={pasteOpen}>
            Paste a list…
          </button>
          <label className="gold-radio">
            <input type="radio" name="gold" checked={ws.gold === null} onChange={() => ws.setGold(null)} /> no gold
          </label>
        </div>
        {pasteOpen && (
          <div className="paste-box">
            <label className="field">
              <span className="field-label">One candidate per line, or a JSON array of strings (keeps exact spaces)</span>
              <textarea value={pasteText} rows={4} onChange={(e) => setPasteText(e.target.value)} spellCheck={false} />
            </label>
            <button
              type="button"
              className="primary"
              disabled={parseCandidateList(pasteText).length === 0}
              onClick={() => {
                ws.setCandidates(parseCandidateList(pasteText));
                setPasteOpen(false);
                setPasteText('');
              }}
            >
              Replace candidates ({Math.min(MAX_CANDIDATES, parseCandidateList(pasteText).length)})
            </button>
            {parseCandidateList(pasteText).length > MAX_CANDIDATES && (
              <p className="warning small" role="status">
                The list has {parseCandidateList(pasteText).length} candidates; only the first {MAX_CANDIDATES} are kept (the limit is {MAX_CANDIDATES}).
              </p>
            )}
          </div>
        )}
      </fieldset>
      <details className="options" open={!props.compact}>
        <summary>Scoring options</summary>
        <label className="field">
          <span className="field-label">Unconditional context for PMI (empty: the model's start token only)</span>
          <input type="text" value={ws.unconditionalContext} onChange={(e) => ws.setUnconditionalContext(e.target.value)} placeholder="e.g. Answer:" />
        </label>
        <label className="field">
          <span className="field-label">Boundary policy (when the context's last token and the answer's first token merge)</span>
          <select value={ws.boundaryPolicy} onChange={(e) => ws.setBoundaryPolicy(e.target.value === 'separate' ? 'separate' : 'whole')}>
            <option value="whole">whole: tokens of context + candidate that cover the candidate</option>
            <option value="separate">separate: context and candidate encoded apart</option>
          </select>
        </label>
        <label className="field inline">
          <input
            type="checkbox"
            checked={ws.chatTemplate}
            disabled={!props.chatTemplateAvailable && !ws.chatTemplate}
            onChange={(e) => ws.setChatTemplate(e.target.checked)}
          />{' '}
          <span>
            Compare with the chat template (context as a user turn)
            {!props.chatTemplateAvailable && <span className="muted"> (this model has none)</span>}
          </span>
        </label>
      </details>
    </section>
  );
}
