import type { Command } from '../main';
import { UsageError } from '../errors';

export const command: Command = {
  summary: '(not built yet)',
  usage: 'lengthlens score',
  async run() {
    throw new UsageError('score is not available yet');
  },
};
