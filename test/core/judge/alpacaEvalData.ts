// AlpacaEval's files as tests read them (from ALPACAEVAL_DIR, test/paths.ts) and its leaderboard figures.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALPACAEVAL_DIR } from '../../paths';

export const readAlpacaEvalFile = (relative: string) => readFileSync(path.join(ALPACAEVAL_DIR, relative), 'utf8');

/**
 * AlpacaEval's leaderboard figures (SOURCES.md, from the leaderboards at commit cd543a14):
 * win rate and length-controlled win rate in percent, n_total, avg_length of the model's answers.
 */
export const LEADERBOARD: Record<string, { winRate: number; lc: number; n: number; avgLength: number }> = {
  gpt4_gamed: { winRate: 3.7383373713788814, lc: 12.188764057640531, n: 805, avgLength: 68 },
  'gpt-3.5-turbo-1106_concise': { winRate: 7.41586497762733, lc: 15.769520983894386, n: 805, avgLength: 431 },
  'gpt-3.5-turbo-1106': { winRate: 9.177964561962735, lc: 19.30058903498905, n: 805, avgLength: 796 },
  'gpt-3.5-turbo-1106_verbose': { winRate: 12.76316981026087, lc: 22.00093702171442, n: 805, avgLength: 1058 },
  NullModel: { winRate: 76.91979180386511, lc: 86.45780691307947, n: 805, avgLength: 872 },
  'FuseChat-Gemma-2-9B-Instruct': { winRate: 70.49713534560247, lc: 70.18106263911686, n: 805, avgLength: 2155 },
  'FuseChat-Llama-3.2-1B-Instruct': { winRate: 29.9219322658882, lc: 25.27098247880791, n: 805, avgLength: 2259 },
  'gemma-2b-it': { winRate: 3.4019714381366457, lc: 5.437453620377121, n: 805, avgLength: 1041 },
  alpaca_eval_gpt4__gpt4_1106_preview: { winRate: 97.69900497512438, lc: 89.85849210429464, n: 804, avgLength: 2049 },
};
