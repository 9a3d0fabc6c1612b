// Link payloads: any JSON value compressed with lz-string for a URL, and the checked way back.
// Its own module so that a figure (a snapshot link) decodes without the Scorer's workspace schema.
import LZString from 'lz-string';
import { MAX_LINK_CHARS, MAX_STATE_JSON_CHARS } from './limits';

/** Compress any JSON value for a link. */
export function encodeLinkPayload(value: unknown): string {
  return LZString.compressToEncodedURIComponent(JSON.stringify(value));
}

/**
 * Decompress and JSON-parse an untrusted link payload (`what` names it in messages): checked for
 * size before and after decompression and for characters lz-string never writes.
 */
export function decodeLinkPayload(payload: string, what: string, maxChars = MAX_LINK_CHARS): { ok: true; value: unknown } | { ok: false; error: string } {
  if (payload.length === 0) return { ok: false, error: `the link's ${what} is empty` };
  if (payload.length > maxChars) {
    return { ok: false, error: `the link's ${what} is too long (${payload.length.toLocaleString('en')} characters; the limit is ${maxChars.toLocaleString('en')})` };
  }
  if (!/^[A-Za-z0-9+\-$]*$/.test(payload)) return { ok: false, error: `the link's ${what} contains characters a lengthlens link never has (was it cut or edited?)` };
  let json: string | null;
  try {
    json = LZString.decompressFromEncodedURIComponent(payload);
  } catch {
    json = null;
  }
  if (!json) return { ok: false, error: `the link's ${what} could not be decompressed (was it cut short?)` };
  if (json.length > MAX_STATE_JSON_CHARS) {
    return { ok: false, error: `the link's ${what} expands to ${json.length.toLocaleString('en')} characters; the limit is ${MAX_STATE_JSON_CHARS.toLocaleString('en')}` };
  }
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch {
    return { ok: false, error: `the link's ${what} is not valid JSON (was it cut short?)` };
  }
}
