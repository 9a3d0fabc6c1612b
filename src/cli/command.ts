// What a CLI command module exports (as `command`); main.ts loads each one on demand.
import type { FlagSpec } from './flags';

export interface Command {
  summary: string;
  usage: string;
  /** Every flag the command takes (shared ones from src/cli/flags.ts, its own), as its parser reads them. */
  flags: Readonly<Record<string, FlagSpec>>;
  /** A command with subcommands (judge): the flags each one takes. */
  subcommands?: Readonly<Record<string, Readonly<Record<string, FlagSpec>>>>;
  run(argv: string[]): Promise<number>;
}
