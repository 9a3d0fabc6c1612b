// A text file read line by line, so a large JSONL file is never held whole: strict UTF-8 (the
// error names the line and byte, as readTextFile does), one leading BOM dropped.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { InputError } from './errors';
import { readTextFile } from './io';

export interface FileLine {
  /** 1-based line number. */
  line: number;
  text: string;
}

/** The file's lines with their numbers (blank lines included; CRLF endings dropped). */
export async function* readLines(file: string): AsyncGenerator<FileLine> {
  try {
    const st = await stat(file);
    if (st.isDirectory()) throw new InputError(`expected a file, got a folder: ${file}`);
  } catch (err) {
    if (err instanceof InputError) throw err;
    // readTextFile words every other failure (not found, unreadable) the one way.
    await readTextFile(file);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let line = 0;
  const stream = createReadStream(file);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        stream.destroy();
        await readTextFile(file); // throws the line-and-byte message
        throw new InputError(`${file}: not valid UTF-8`);
      }
      rest += text;
      let start = 0;
      let nl: number;
      while ((nl = rest.indexOf('\n', start)) >= 0) {
        line++;
        yield { line, text: rest.slice(start, nl).replace(/\r$/, '') };
        start = nl + 1;
      }
      rest = rest.slice(start);
    }
    try {
      rest += decoder.decode();
    } catch {
      await readTextFile(file);
      throw new InputError(`${file}: not valid UTF-8 at its end`);
    }
    if (rest !== '') yield { line: line + 1, text: rest.replace(/\r$/, '') };
  } finally {
    stream.destroy();
  }
}
