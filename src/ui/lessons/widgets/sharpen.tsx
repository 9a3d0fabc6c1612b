// The sharpening steps: a 4-way choice task scored with the logits divided by a few temperatures.
import { onDemand } from '../../common/onDemand';
import type { SharpenRow, SharpenTrace } from '../leftoverFacts';
import { onLessonModel } from './live';
import type { WidgetKind } from './types';

export interface SharpenWidget {
  kind: 'sharpen';
  /** The columns shown (no spoilers: the first step shows acc alone). */
  show: ('acc' | 'acc_norm')[];
}

/** `rows`: T = 0.5, 1, 2; `curve`: T from 0.25 to 4 (the slider); `trace`: one item token by token. */
export interface SharpenFacts {
  kind: 'sharpen';
  items: number;
  rows: SharpenRow[];
  curve: SharpenRow[];
  trace: SharpenTrace | null;
}

const Figure = onDemand(() => import('../LessonFigures').then((m) => m.SharpenFigure));

let sharpen: Promise<SharpenFacts> | null = null;

/** The sharpening steps' numbers: every item scored once at all the slider's temperatures, on the lesson model. */
async function liveSharpen(): Promise<SharpenFacts> {
  const [{ lessonModel }, { CURVE_TEMPERATURES, sharpenFacts, sharpenRequests, sharpenSet }, { scoreTempered }] = await Promise.all([
    import('../lessonEngine'),
    import('../leftoverFacts'),
    import('../../../state/engineSession'),
  ]);
  await lessonModel();
  const set = sharpenSet();
  const scored: Awaited<ReturnType<typeof scoreTempered>>[] = [];
  for (const req of sharpenRequests(set)) scored.push(await scoreTempered({ ...req, temperatures: [...CURVE_TEMPERATURES] }));
  return { kind: 'sharpen', ...sharpenFacts(set, scored) };
}

export const sharpenKind: WidgetKind<SharpenWidget, SharpenFacts> = {
  kind: 'sharpen',
  needsModel: true,
  async live() {
    const facts = await (sharpen ??= liveSharpen()).catch((e: unknown) => {
      sharpen = null;
      throw e;
    });
    return onLessonModel(facts);
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component widget={p.widget} facts={p.facts} />,
};
