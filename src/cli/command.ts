// What a CLI command module exports (as `command`); main.ts loads each one on demand.
export interface Command {
  summary: string;
  usage: string;
  run(argv: string[]): Promise<number>;
}
