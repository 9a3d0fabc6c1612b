import { describe, expect, it } from 'vitest';
import { forEachCsvRecord, type CsvRecord } from '../../../src/core/formats/csvRecords';

const records = (text: string) => {
  const out: CsvRecord[] = [];
  forEachCsvRecord(text, (r) => out.push(r));
  return out;
};

describe('CSV records with the line they start on', () => {
  it('counts lines across a BOM, CRLF, blank lines and quoted newlines', () => {
    const text = '\uFEFFa,b\r\n1,2\r\n\r\n"x\r\ny",3\r\n\r\n\r\nlast,4\r\n';
    expect(records(text).map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
      [4, ['x\r\ny', '3']],
      [8, ['last', '4']],
    ]);
  });
  it('passes on the parser complaint for the record it concerns', () => {
    const out = records('a,b\n1,2\n3,"open\n');
    expect(out.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(out[1].error).toBeUndefined();
    expect(out[2].error).toMatch(/quote/i);
  });
});
