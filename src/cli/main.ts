// `lengthlens <command>`: each command lives in ./commands/<name>.ts and exports `command` (a
// Command: its summary, usage and `run`).
import type { Command } from './command';
import { EXIT_STATUS_HELP, EXIT_USAGE, exitStatusOf } from './errors';
import { withQuietLibraries } from './libraryConsole';

export type { Command };

const COMMANDS: Record<string, () => Promise<{ command: Command }>> = {
  score: () => import('./commands/score'),
  task: () => import('./commands/task'),
  harness: () => import('./commands/harness'),
  check: () => import('./commands/check'),
  judge: () => import('./commands/judge'),
  bench: () => import('./commands/bench'),
};

async function help(): Promise<string> {
  const lines = ['lengthlens: length bias in LLM evaluation, token by token.', '', 'Commands:'];
  for (const [name, load] of Object.entries(COMMANDS)) {
    try {
      const { command } = await load();
      lines.push(`  ${name.padEnd(8)} ${command.summary}`);
    } catch {
      lines.push(`  ${name.padEnd(8)} (unavailable)`);
    }
  }
  lines.push('', 'Every command prints JSON with --json. `lengthlens <command> --help` for its options; `lengthlens --version` for the version.', '', EXIT_STATUS_HELP);
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write((await help()) + '\n');
    return name ? 0 : EXIT_USAGE;
  }
  if (name === '--version' || name === '-V') {
    const { packageVersion } = await import('../engine/nodeFace');
    process.stdout.write(`lengthlens ${packageVersion()}\n`);
    return 0;
  }
  // `bench --check`'s child, before the bench command's own modules (the engine) load: the child's
  // peak memory is then the check's.
  if (name === 'bench' && rest[0] === '--check-child' && rest.length === 2) return (await import('./commands/benchCheck')).checkChild(rest[1]);
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`lengthlens: unknown command "${name}" (try --help)\n`);
    return EXIT_USAGE;
  }
  try {
    const { command } = await load();
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`${command.usage}\n\n${EXIT_STATUS_HELP}\n`);
      return 0;
    }
    return await withQuietLibraries(() => command.run(rest));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`lengthlens ${name}: ${message.split('\n')[0]}\n`);
    return exitStatusOf(err);
  }
}
