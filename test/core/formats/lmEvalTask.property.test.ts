// Properties of the task-YAML reader: a task whose settings name plain fields reads a record as
// the same field mapping given by flags (--context q --choices c --gold g) reads it; a template
// that renders a field ("{{q}}", "{{c}}") gives what the field gives; a list written as JSON or as
// Python's repr reads back as the list.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTask, parseTaskYaml, taskFromConfig } from '../../../src/core/formats/lmEvalTask';
import { parsePythonLiteral } from '../../../src/core/formats/pythonLiteral';
import { readMapped } from '../../../src/core/formats/schemas';

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const record = fc
  .record({ q: text.filter((q) => !/^\d+$/.test(q)), c: fc.array(text, { minLength: 2, maxLength: 6 }), pick: fc.nat() })
  .map(({ q, c, pick }) => ({ q, c, g: pick % c.length }));

const settings = (text: string, choice: string, target: string) => taskFromConfig(parseTaskYaml(`output_type: multiple_choice\ndoc_to_text: ${text}\ndoc_to_choice: ${choice}\ndoc_to_target: ${target}\n`), ['t.yaml']);

/** Python's repr of a list of strings (single quotes unless the string holds one and no double quote). */
function pythonRepr(list: string[]): string {
  const one = (s: string) => {
    const q = s.includes("'") && !s.includes('"') ? '"' : "'";
    const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(new RegExp(q, 'g'), `\\${q}`);
    return q + body + q;
  };
  return `[${list.map(one).join(', ')}]`;
}

describe('task YAML properties', () => {
  it('plain field names read a record as the field mapping does', () => {
    const t = settings('q', 'c', 'g');
    fc.assert(
      fc.property(record, fc.integer({ min: 1, max: 10_000 }), (r, n) => {
        const mapped = readMapped(r, { context: ['q'], choices: ['c'], gold: 'g' }, n);
        expect(applyTask(t, r, n).item).toEqual(mapped);
      }),
    );
  });

  it('templates that render the fields give what the fields give', () => {
    const fields = settings('q', 'c', 'g');
    const templates = settings('"{{q}}"', '"{{c}}"', '"{{g}}"');
    fc.assert(
      fc.property(record, (r) => {
        expect(applyTask(templates, r, 1)).toEqual(applyTask(fields, r, 1));
      }),
    );
  });

  it('a list of strings as JSON or as Python writes it reads back as the list', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 10 }), { maxLength: 6 }), (list) => {
        expect(parsePythonLiteral(JSON.stringify(list))).toEqual(list);
        expect(parsePythonLiteral(pythonRepr(list))).toEqual(list);
      }),
    );
  });
});
