// True inside a StrykerJS run (stryker.config.mjs sets LENGTHLENS_MUTATION=1). The few judge tests
// that run AlpacaEval-size audits or hundreds of Monte Carlo replications are skipped there: under
// instrumentation each takes seconds to minutes per mutant. `npm test` always runs them; the
// mutants they would kill are judged by the small pinned tests (numpy / Python references) only.
export const underMutation = process.env.LENGTHLENS_MUTATION === '1';
