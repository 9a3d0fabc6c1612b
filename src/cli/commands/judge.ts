import type { Command } from '../main';
import { UsageError } from '../errors';

export const command: Command = {
  summary: '(not built yet)',
  usage: 'lengthlens judge',
  async run() {
    throw new UsageError('judge is not available yet');
  },
};
