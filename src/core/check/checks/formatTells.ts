import { FORMAT_PROPERTIES } from '../strings';
import type { StringCheck } from './types';

/** A --fail-on name for the four format tells (no finding of its own). */
export const formatTells: StringCheck = {
  key: 'format_tells',
  title: 'Format tells, any of the four',
  section: 'format tells',
  needs: 'strings',
  json: 'format_tells',
  finds: 'the four format tells together (a --fail-on name only)',
  failOn: (r) => FORMAT_PROPERTIES.map((p) => ({ kind: 'list', l: r.strings.format_tells[p], label: p })),
};
