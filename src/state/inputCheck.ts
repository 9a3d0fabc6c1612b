// What of the workspace can be scored. Bad candidates (empty, over the limit) are left out with
// a message; the others are still scored, so one bad line never blanks the whole view.
import { MAX_CANDIDATE_CHARS, MAX_CONTEXT_CHARS } from './limits';
import { codePointLength as codePoints } from '../core/text/unicode';
import { loneSurrogatePath } from '../core/formats/utf8';

/** A lone UTF-16 surrogate is not text: scored, it would be U+FFFD, bytes that are not in it. */
const isText = (s: string) => loneSurrogatePath(s) === undefined;

export interface InputProblem {
  /** Candidate index, or null for the context. */
  candidate: number | null;
  message: string;
}

export interface ScorableInput {
  context: string;
  candidates: string[];
  /** For each scored candidate, its index in the workspace. */
  indices: number[];
  problems: InputProblem[];
}

export function checkInput(context: string, candidates: readonly string[]): ScorableInput {
  const problems: InputProblem[] = [];
  const contextChars = codePoints(context);
  if (contextChars > MAX_CONTEXT_CHARS) {
    problems.push({
      candidate: null,
      message: `The context is ${contextChars.toLocaleString('en')} characters; the limit is ${MAX_CONTEXT_CHARS.toLocaleString('en')}. Nothing is scored until it is shorter.`,
    });
    return { context, candidates: [], indices: [], problems };
  }
  if (!isText(context)) {
    problems.push({ candidate: null, message: 'The context holds a lone surrogate (\\ud800–\\udfff), which is not text. Nothing is scored until it is removed.' });
    return { context, candidates: [], indices: [], problems };
  }
  const kept: string[] = [];
  const indices: number[] = [];
  candidates.forEach((c, i) => {
    const n = codePoints(c);
    if (n === 0) {
      problems.push({ candidate: i, message: `Candidate ${i + 1} is empty, so it is not scored (an empty answer has no tokens to score).` });
    } else if (!isText(c)) {
      problems.push({ candidate: i, message: `Candidate ${i + 1} holds a lone surrogate (\\ud800–\\udfff), which is not text, so it is not scored.` });
    } else if (n > MAX_CANDIDATE_CHARS) {
      problems.push({
        candidate: i,
        message: `Candidate ${i + 1} is ${n.toLocaleString('en')} characters; the limit is ${MAX_CANDIDATE_CHARS.toLocaleString('en')}, so it is not scored.`,
      });
    } else {
      kept.push(c);
      indices.push(i);
    }
  });
  return { context, candidates: kept, indices, problems };
}

/**
 * A pasted list of candidates: a JSON array of strings (keeps exact whitespace), else one
 * candidate per line with blank lines dropped.
 */
export function parseCandidateList(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const v: unknown = JSON.parse(trimmed);
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    } catch {
      // not JSON: fall through to lines
    }
  }
  return text
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim().length > 0);
}
