// The CLI's two kinds of failure, and the exit status each gives (main.ts). One rule for every
// command, printed at the end of every `--help` (EXIT_STATUS_HELP) and in the README.

/** The command line is wrong: an unknown command or flag, a missing flag or argument, a bad flag value. Exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command line is fine but the input cannot be used: a file or model that is missing, unreadable or malformed. Exit 1. */
export class InputError extends Error {
  override name = 'InputError';
}

export const EXIT_USAGE = 2;
export const EXIT_FAILURE = 1;
/** `lengthlens check --fail-on`: the run worked and a named check found something. Exit 3. */
export const EXIT_CHECK_FOUND = 3;

/** The exit-status rule, as every command's --help ends. */
export const EXIT_STATUS_HELP = `Exit status: 0 done; 1 the input could not be used (a file or model that is missing,
unreadable or malformed, bad records under --strict) or the run failed; 2 the command line is
wrong (an unknown command or flag, a missing flag or argument, a bad flag value, flags that do not
go together); 130 or 143 stopped by Ctrl-C or SIGTERM (score --items first closes its output
with what was scored). Errors are one line on stderr.`;

/** The exit status for an error a command threw. */
export function exitStatusOf(err: unknown): number {
  return err instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE;
}
