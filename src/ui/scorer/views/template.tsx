// The same candidates with the model's chat template around the context, beside the plain scores.
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

const Template = onDemand(() => import('../TemplateComparison').then((m) => m.TemplateComparison));

export const templateView: ScorerView = {
  key: 'template',
  label: 'the chat-template comparison',
  lazy: true,
  preload: Template.preload,
  room: (p) => p.result && p.templated && <Template.Component raw={p.result} templated={p.templated} indices={p.indices} units={p.units} />,
};
