import type { Command } from '../main';
import { UsageError } from '../errors';

export const command: Command = {
  summary: '(not built yet)',
  usage: 'lengthlens bench',
  async run() {
    throw new UsageError('bench is not available yet');
  },
};
