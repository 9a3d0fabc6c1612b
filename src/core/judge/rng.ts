// Seeded pseudo-random numbers: the same seed gives the same simulation in the app, the CLI and
// the tests. sfc32 seeded through splitmix32; normals by the Box–Muller transform.

export interface Rng {
  /** Uniform on [0, 1). */
  uniform(): number;
  /** Standard normal. */
  normal(): number;
  /** Integer in [0, n). */
  int(n: number): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * Seeds below 2^32 give the streams they always gave; a larger whole seed (up to 2^53) also sets
 * the fourth state word from its high bits, so no two seeds in 0..2^53−1 share a stream (seed
 * 2^32 + 1 is not seed 1). Negative seeds wrap to 32 bits as before; the boundaries reject them.
 */
export function createRng(seed: number): Rng {
  const whole = Math.floor(seed);
  const high = whole >= 4294967296 ? Math.floor(whole / 4294967296) : 0;
  const init = splitmix32(whole | 0);
  let a = init();
  let b = init();
  let c = init();
  let d = (init() ^ high) >>> 0;
  const next32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next32();
  let spare: number | null = null;
  const uniform = () => next32() / 4294967296;
  return {
    uniform,
    normal() {
      if (spare !== null) {
        const v = spare;
        spare = null;
        return v;
      }
      // 1 − u keeps the logarithm finite.
      const r = Math.sqrt(-2 * Math.log(1 - uniform()));
      const angle = 2 * Math.PI * uniform();
      spare = r * Math.sin(angle);
      return r * Math.cos(angle);
    },
    int(n: number) {
      return Math.floor(uniform() * n);
    },
  };
}
