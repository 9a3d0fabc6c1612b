// Curated small hub models (research notes §6), as the model panel lists them.
import type { Dtype } from '../../engine/types';

export interface CatalogEntry {
  id: string;
  label: string;
  dtypes: Dtype[];
  defaultDtype: Dtype;
  /** Download size of each dtype's model file, in words. */
  sizes: Partial<Record<Dtype, string>>;
}

export const HUB_MODELS: CatalogEntry[] = [
  { id: 'HuggingFaceTB/SmolLM2-135M-Instruct', label: 'SmolLM2 135M Instruct', dtypes: ['fp32', 'fp16', 'q4', 'q4f16'], defaultDtype: 'q4', sizes: { fp32: '654 MB', fp16: '327 MB', q4: '200 MB', q4f16: '134 MB' } },
  { id: 'HuggingFaceTB/SmolLM2-360M-Instruct', label: 'SmolLM2 360M Instruct', dtypes: ['fp32', 'fp16', 'q4', 'q4f16'], defaultDtype: 'q4', sizes: { fp32: '1.64 GB', fp16: '819 MB', q4: '417 MB', q4f16: '299 MB' } },
  { id: 'onnx-community/Qwen2.5-0.5B-Instruct', label: 'Qwen2.5 0.5B Instruct', dtypes: ['fp32', 'fp16', 'q8', 'q4', 'q4f16'], defaultDtype: 'q4', sizes: { fp32: '1.99 GB', fp16: '997 MB', q8: '512 MB', q4: '786 MB', q4f16: '483 MB' } },
  { id: 'onnx-community/Qwen3-0.6B-ONNX', label: 'Qwen3 0.6B', dtypes: ['q4f16'], defaultDtype: 'q4f16', sizes: {} },
  { id: 'Xenova/gpt2', label: 'GPT-2 (124M)', dtypes: ['fp32', 'fp16', 'q4'], defaultDtype: 'fp16', sizes: { fp32: '501 MB', fp16: '251 MB', q4: '500 MB' } },
];

export const findHubModel = (id: string) => HUB_MODELS.find((m) => m.id === id);
