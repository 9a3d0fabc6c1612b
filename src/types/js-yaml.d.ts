// The part of js-yaml (4.x, which ships no types) that the task-YAML reader uses.
declare module 'js-yaml' {
  export interface TypeOptions {
    kind: 'scalar' | 'sequence' | 'mapping';
    construct?: (data: unknown) => unknown;
  }
  export class Type {
    constructor(tag: string, options: TypeOptions);
  }
  export class Schema {
    extend(types: Type[]): Schema;
  }
  export const DEFAULT_SCHEMA: Schema;
  export function load(text: string, options?: { schema?: Schema; filename?: string }): unknown;
  export class YAMLException extends Error {
    reason: string;
    mark?: { line: number; column: number };
  }
}
