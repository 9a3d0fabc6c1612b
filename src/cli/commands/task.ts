import type { Command } from '../main';
import { UsageError } from '../errors';

export const command: Command = {
  summary: '(not built yet)',
  usage: 'lengthlens task',
  async run() {
    throw new UsageError('task is not available yet');
  },
};
