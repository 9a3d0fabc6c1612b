// Normalised contextual calibration (Sanz-Guerrero & von der Wense, IJCNLP-AACL 2025,
// arXiv 2511.14385): the per-token geometric mean of the choice's probability divided by the same
// quantity under a content-free input; in logs, logprob/nTokens − (content-free logprob)/(its
// token count). The content-free input here is PMI's unconditional context (the `--unconditional`
// option; by default BOS alone, as lm-eval-harness acc_mutual_info), so the rule needs no scoring
// pass of its own. The paper's own content-free construction could not be checked from this
// project (no copy of the paper was reachable); with `--unconditional "N/A"` the prior is Zhao et
// al. 2021's content-free string instead.
import type { RuleInputs, ScoringRule } from '../rules';
import { againstUnconditional } from './unconditional';

export const NCC = {
  id: 'acc_ncc',
  names: { winner: 'ncc', candidate: 'ncc', item: 'ncc' },
  decides: true,
  column: 8,
  label: 'NCC',
  phrase: 'NCC',
  title:
    'Normalised contextual calibration (Sanz-Guerrero & von der Wense 2025): per-token log-prob minus the per-token log-prob ' +
    "under PMI's unconditional context, used as the content-free input (the paper's own content-free construction not checked here)",
  accuracyLabel: 'acc_ncc (calibrated per token)',
  itemLabel: 'calibrated per-token log-prob (NCC)',
  unit: 'nats/token',
  higherIsBetter: true,
  needs: ['nTokens', 'unconditionalLogprob', 'unconditionalNTokens'],
  // As PMI: when the unconditional term is the conditional one, the ratio is 1 by definition.
  score: (c: RuleInputs) => againstUnconditional(c, () => c.logprob / c.nTokens! - c.unconditionalLogprob! / c.unconditionalNTokens!),
} as const satisfies ScoringRule;
