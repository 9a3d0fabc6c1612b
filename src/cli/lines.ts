// A text file read line by line, so a large JSONL file is never held whole: strict UTF-8 (the
// error names the line and byte, as readTextFile does), one leading BOM dropped. A line ends at
// LF, CRLF or a lone CR (a file saved with classic Mac endings reads as its lines, not as one).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { InputError } from './errors';
import { readTextFile } from './io';

export interface FileLine {
  /** 1-based line number. */
  line: number;
  text: string;
}

/** The file's lines with their numbers (blank lines included; LF, CRLF and CR endings dropped). */
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
  // The current line's pieces: each chunk is searched once, and a line is joined once, so a line
  // of any length reads in time linear in its length.
  const parts: string[] = [];
  let line = 0;
  // A CR that ended the last chunk: an LF at the start of the next one belongs to it (CRLF).
  let afterCR = false;
  function* split(text: string): Generator<FileLine> {
    if (text === '') return;
    let start = afterCR && text.startsWith('\n') ? 1 : 0;
    afterCR = false;
    const ending = /\r\n|\r|\n/g;
    ending.lastIndex = start;
    for (let m = ending.exec(text); m; m = ending.exec(text)) {
      if (m[0] === '\r' && m.index === text.length - 1) afterCR = true;
      parts.push(text.slice(start, m.index));
      line++;
      yield { line, text: parts.join('') };
      parts.length = 0;
      start = m.index + m[0].length;
    }
    if (start < text.length) parts.push(text.slice(start));
  }
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
      yield* split(text);
    }
    let tail: string;
    try {
      tail = decoder.decode();
    } catch {
      await readTextFile(file);
      throw new InputError(`${file}: not valid UTF-8 at its end`);
    }
    yield* split(tail);
    if (parts.length) yield { line: line + 1, text: parts.join('') };
  } finally {
    stream.destroy();
  }
}
