// Number and token formatting shared by the Scorer's table, traces and tooltips.
import { pieceText as corePieceText, type TokenizerKind } from '../../core/tokens/pieces';
import type { CandidateScore, RuleName } from '../../core/scoring/types';
import { DECIDING_COLUMNS, DECIDING_RULES, onRulesChanged, type ScoreField, type ScoringRule } from '../../core/scoring/rules';
import type { Units } from '../../state/workspaceSchema';
import { choiceLetter } from '../../core/text/letters';

export const LN2 = Math.LN2;

/** A log-prob (nats) in the chosen unit. */
export const inUnits = (nats: number, units: Units) => (units === 'bits' ? nats / LN2 : nats);

/** A candidate's score under a rule as a table writes it: a log-prob in the chosen unit, a rule counted in bits as it is. */
export function ruleScoreText(r: ScoringRule, c: CandidateScore, units: Units): string {
  const v = c[r.names.candidate as ScoreField];
  return fmt(r.unit.startsWith('bits') ? v : inUnits(v, units));
}

export function fmt(x: number, digits = 3): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return '−∞';
  const s = x.toFixed(digits);
  return s.startsWith('-') ? '−' + s.slice(1) : s;
}

/** A, B, …, Z, AA, AB, … (core's, so that the Check and the Scorer letter choices alike). */
export const candidateLetter = choiceLetter;

/** Whitespace made visible: a space as ·, a newline as ↵, a tab as →. */
export function visible(text: string): string {
  return text.replace(/ /g, '·').replace(/\n/g, '↵').replace(/\t/g, '→');
}

/** A candidate shortened for banners, titles and legends, its whitespace shown as the table shows it (a leading space is the tool's subject). */
export function snippet(text: string, max = 28): string {
  if (text.length === 0) return '(empty)';
  const chars = Array.from(visible(text));
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : chars.join('');
}

/** Each rule in running text, by its winner key (the rule table's `phrase`); follows the table. */
export const RULE_LABEL = {} as Record<RuleName, string>;

/** The deciding rules in the rule table's column order; follows the table (a rule registered later appears). */
export const RULE_ORDER: RuleName[] = [];

function refreshRuleViews(): void {
  for (const k of Object.keys(RULE_LABEL)) delete RULE_LABEL[k as RuleName];
  for (const r of DECIDING_RULES) RULE_LABEL[r.names.winner as RuleName] = r.phrase;
  RULE_ORDER.splice(0, RULE_ORDER.length, ...DECIDING_COLUMNS.map((r) => r.names.winner as RuleName));
}
refreshRuleViews();
onRulesChanged(refreshRuleViews);

/** A vocabulary piece as readable text (core's exact decoding), with spaces and newlines shown. */
export function pieceText(piece: string, kind: TokenizerKind): string {
  return visible(corePieceText(piece, kind));
}

/**
 * Short names for two compared models, from their labels ("stories260K fp32", "stories260K q4"):
 * the words that tell them apart (fp32 / q4; stories260K / tiny-llama-plain), never letters that
 * read as candidates. Where nothing tells them apart in words: "first" and "second".
 */
export function compareNames(labelA: string, labelB: string): [string, string] {
  const a = labelA.split(/\s+/).filter(Boolean);
  const b = labelB.split(/\s+/).filter(Boolean);
  const onlyA = a.filter((w) => !b.includes(w)).join(' ');
  const onlyB = b.filter((w) => !a.includes(w)).join(' ');
  if (!onlyA || !onlyB || onlyA === onlyB) return ['first', 'second'];
  // A hub id's owner adds width, not meaning, where the names already differ.
  const bare = (s: string) => s.replace(/^[^\s/]+\//, '');
  const [sa, sb] = [bare(onlyA), bare(onlyB)];
  const [na, nb] = sa && sb && sa !== sb ? [sa, sb] : [onlyA, onlyB];
  // A one-letter name would read as a candidate.
  return /^[A-Z]$/.test(na) || /^[A-Z]$/.test(nb) ? ['first', 'second'] : [na, nb];
}
