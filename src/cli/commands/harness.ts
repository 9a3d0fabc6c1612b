import type { Command } from '../main';
import { UsageError } from '../errors';

export const command: Command = {
  summary: '(not built yet)',
  usage: 'lengthlens harness',
  async run() {
    throw new UsageError('harness is not available yet');
  },
};
