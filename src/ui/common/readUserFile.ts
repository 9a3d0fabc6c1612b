// Reading a file the user picked or dropped: a size limit before anything is read, and every
// failure (too large, unreadable, moved since it was picked) comes back as a message to show.

const MB = 1024 * 1024;
/** Largest file a room reads into memory. */
export const MAX_USER_FILE_BYTES = 50 * MB;

export type FileText = { ok: true; text: string } | { ok: false; message: string };

export async function readUserFile(file: Pick<File, 'name' | 'size' | 'text'>, maxBytes = MAX_USER_FILE_BYTES): Promise<FileText> {
  if (file.size > maxBytes) {
    return { ok: false, message: `${file.name} is ${(file.size / MB).toFixed(0)} MB; the limit is ${(maxBytes / MB).toFixed(0)} MB.` };
  }
  try {
    return { ok: true, text: await file.text() };
  } catch (err) {
    return { ok: false, message: `${file.name} could not be read (${err instanceof Error ? err.message : String(err)}).` };
  }
}
