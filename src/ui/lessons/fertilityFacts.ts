// The fertility step's numbers: the candidates scored on the lesson model (with its own tokenizer)
// and counted, not scored, under the Llama 2 tokenizer, which has no trained weights here.
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { LLAMA2_TOKENIZER_URL, servedTokenCounts } from '../../state/lessonTokenizers';
import { LESSON_LENGTHS } from './content';
import { LESSON_MODEL, scoreItems } from './lessonEngine';
import type { Facts, FertilityWidget, TokenizerFacts } from './types';

export async function fertilityFacts(w: FertilityWidget): Promise<Extract<Facts, { kind: 'fertility' }>> {
  const [[raw], own, llama] = await Promise.all([
    scoreItems([{ context: w.context, candidates: w.candidates }]),
    servedTokenCounts(`models/${LESSON_MODEL}/`, w.context, w.candidates),
    servedTokenCounts(LLAMA2_TOKENIZER_URL, w.context, w.candidates),
  ]);
  const tokenizers: TokenizerFacts[] = [
    { name: `${LESSON_MODEL}`, ...own, scored: true },
    { name: 'Llama 2', ...llama, scored: false },
  ];
  return { kind: 'fertility', result: withLengthConvention(raw, LESSON_LENGTHS), tokenizers };
}
