import { listFinding } from './findings';
import type { ProbeCheck } from './types';

export const boundaryMerge: ProbeCheck = {
  key: 'boundary_merge',
  title: 'Tokens merge across the join',
  section: 'tokenizer',
  needs: 'model',
  json: 'tokenizer.boundary_merge',
  finds: "items where the context's last token merges with a choice's first",
  finding: (p) =>
    p.tokenizer
      ? listFinding(
          p.tokenizer.boundary_merge,
          (n) => `in ${n} the context's last token merges with a choice's first: the choice's tokens are not a continuation of the context's`,
          'no token merges across the context/choice join',
        )
      : undefined,
  failOn: (r) => (r.probes!.tokenizer ? [{ kind: 'list', l: r.probes!.tokenizer.boundary_merge }] : []),
};
