// Reading a file the user picked or dropped: a size limit before anything is read, and every
// failure (too large, unreadable, moved since it was picked, not UTF-8) comes back as a message to
// show. Text that is not UTF-8 is refused with its line, never decoded to U+FFFD and scored.
import { decodeUtf8 } from '../../core/formats/utf8';

const MB = 1024 * 1024;
/** Largest file a room reads into memory. */
export const MAX_USER_FILE_BYTES = 50 * MB;

export type FileText = { ok: true; text: string } | { ok: false; message: string };

export async function readUserFile(file: Pick<File, 'name' | 'size' | 'arrayBuffer'>, maxBytes = MAX_USER_FILE_BYTES): Promise<FileText> {
  if (file.size > maxBytes) {
    return { ok: false, message: `${file.name} is ${(file.size / MB).toFixed(0)} MB; the limit is ${(maxBytes / MB).toFixed(0)} MB.` };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (err) {
    return { ok: false, message: `${file.name} could not be read (${err instanceof Error ? err.message : String(err)}).` };
  }
  try {
    return { ok: true, text: decodeUtf8(bytes) };
  } catch (err) {
    return { ok: false, message: `${file.name} ${(err as Error).message}.` };
  }
}

export type FileBytes = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** The file's bytes under the same size limit (a Parquet or gzip file is not text). */
export async function readUserBytes(file: Pick<File, 'name' | 'size' | 'arrayBuffer'>, maxBytes = MAX_USER_FILE_BYTES): Promise<FileBytes> {
  if (file.size > maxBytes) {
    return { ok: false, message: `${file.name} is ${(file.size / MB).toFixed(0)} MB; the limit is ${(maxBytes / MB).toFixed(0)} MB.` };
  }
  try {
    return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch (err) {
    return { ok: false, message: `${file.name} could not be read (${err instanceof Error ? err.message : String(err)}).` };
  }
}
