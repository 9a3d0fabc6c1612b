// A loaded model's memory as the Scorer shows it beside the model: the bytes of the weight files
// it loaded (what a second model's load is checked against; see core/memory/fit.ts).
import { formatBytes } from '../../core/memory/fit';

export function WeightsSize(props: { bytes: number | null }) {
  return (
    <span data-testid="weights-size" data-bytes={props.bytes ?? ''} title="The size of the weight files loaded; ONNX Runtime's working memory comes on top">
      weights {props.bytes === null ? 'of unknown size' : formatBytes(props.bytes)}
    </span>
  );
}
