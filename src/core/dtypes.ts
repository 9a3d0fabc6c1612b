// The weight dtypes a model can be loaded in: the one list (engine, CLI flags, the workspace
// schema, the model panels and the diagnostics pages all read it from here).

export type Dtype = 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';
export const ALL_DTYPES: Dtype[] = ['fp32', 'fp16', 'q8', 'q4', 'q4f16'];

export function isDtype(value: string): value is Dtype {
  return (ALL_DTYPES as string[]).includes(value);
}
