// The benchmark's table with peer rows, and the one line it prints when the peers are not installed.
import { describe, expect, it } from 'vitest';
import { formatBenchTable, type BenchReport, type PeerRow } from '../../src/engine/bench/report';
import { PEERS_INSTALL_HINT } from '../../src/engine/bench/peers';

const row = (peer: string, ips: number, diff: number | null): PeerRow => ({
  peer, model: 'bench-llama-6M', dtype: 'fp32', against: 'lengthlens node fp32', environment: 'node (node-llama-cpp 3.21.1, CPU, 1 thread)', threads: 1, items: 20,
  items_per_s: ips, app_items_per_s: 12, app_vs_peer: 12 / ips, max_abs_logprob_diff: diff, max_rel_logprob_diff: diff === null ? null : diff / 10,
});
const base: BenchReport = { command: 'lengthlens bench', date: '2026-12-03', machine: {}, environments: {}, live_typing: {} };

describe('peer rows in the bench table', () => {
  it('prints each peer way with its items/s, lengthlens over it, and its log-prob difference (— where none is read)', () => {
    const text = formatBenchTable({ ...base, peers: [row('llama.cpp-kv', 11.9, 1.1e-6), row('llama.cpp-kv-decode-only', 13.5, null)] });
    const kv = text.split('\n').find((l) => l.startsWith('llama.cpp-kv '))!;
    expect(kv.split(/\s{2,}/)).toEqual(['llama.cpp-kv', 'bench-llama-6M', 'fp32', 'lengthlens node fp32', '11.9', '12.0', '1.01×', '1.1e-6', '1.1e-7', 'node (node-llama-cpp 3.21.1, CPU, 1 thread)']);
    const dec = text.split('\n').find((l) => l.startsWith('llama.cpp-kv-decode-only'))!;
    expect(dec.split(/\s{2,}/).slice(4, 9)).toEqual(['13.5', '12.0', '0.89×', '—', '—']);
  });

  it('without peers, one line says how to install them', () => {
    const lines = formatBenchTable({ ...base, skipped: { peers: PEERS_INSTALL_HINT } }).split('\n').filter((l) => /peers/.test(l));
    expect(lines).toEqual([`skipped peers: ${PEERS_INSTALL_HINT}`]);
    expect(PEERS_INSTALL_HINT).toMatch(/node scripts\/install-peers\.mjs/);
  });
});
