// The one-sentence banner: which rules pick which candidate, and why they disagree.
import { DisagreementBanner } from '../DisagreementBanner';
import type { ScorerView } from './types';

export const bannerView: ScorerView = {
  key: 'banner',
  part: 'banner',
  label: 'the one-sentence banner',
  lazy: false,
  room: (p) => p.result && <DisagreementBanner result={p.result} indices={p.indices} gold={p.gold} />,
  figure: (p) => <DisagreementBanner result={p.result} indices={p.indices} gold={p.gold} />,
};
