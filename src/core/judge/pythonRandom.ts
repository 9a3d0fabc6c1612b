// The first draw of Python's `random.Random(text)`, reproduced exactly so that the order in which
// AlpacaEval showed two answers to its judge can be rebuilt from the instruction alone.
//
// Python seeds a Random from a str (version 2) with the integer whose big-endian bytes are
// UTF-8(text) followed by SHA-512(UTF-8(text)); that integer's 32-bit words, least significant
// first, go to MT19937's init_by_array. `random()` then takes two 32-bit outputs (a >> 5, b >> 6)
// into a 53-bit float, so `floor(random() * 2)` is the top bit of the first output.

const MASK64 = (1n << 64n) - 1n;

// SHA-512 round constants (computed once, exactly, with BigInt): the first 64 bits of the fractional parts of the cube roots of the
// first 80 primes; initial hash: the same for the square roots of the first 8 primes (FIPS 180-4).
function fractionalRootBits(prime: number, root: 2 | 3): bigint {
  // 64 fractional bits of prime^(1/root), by integer Newton iteration on prime · 2^(64·root).
  const target = BigInt(prime) << BigInt(64 * root);
  let x = BigInt(Math.floor(Math.pow(prime, 1 / root) * 2 ** 20)) << 44n;
  for (let i = 0; i < 200; i++) {
    const next = root === 2 ? (x + target / x) / 2n : (2n * x + target / (x * x)) / 3n;
    if (next === x || next === x + 1n || next === x - 1n) {
      x = next;
      break;
    }
    x = next;
  }
  // Settle on the floor of the exact root.
  const pow = (v: bigint) => (root === 2 ? v * v : v * v * v);
  while (pow(x) > target) x -= 1n;
  while (pow(x + 1n) <= target) x += 1n;
  return x & MASK64;
}

function firstPrimes(n: number): number[] {
  const out: number[] = [];
  for (let k = 2; out.length < n; k++) if (out.every((p) => k % p !== 0)) out.push(k);
  return out;
}

let constants: { k: bigint[]; h0: bigint[] } | null = null;
function sha512Constants() {
  if (!constants) {
    const primes = firstPrimes(80);
    constants = { k: primes.map((p) => fractionalRootBits(p, 3)), h0: primes.slice(0, 8).map((p) => fractionalRootBits(p, 2)) };
  }
  return constants;
}

/** The constants as 32-bit halves: [hi0, lo0, hi1, lo1, …]. */
let halves: { k: Uint32Array; h0: Uint32Array } | null = null;
function constantHalves() {
  if (!halves) {
    const { k, h0 } = sha512Constants();
    const split = (values: bigint[]) => {
      const out = new Uint32Array(values.length * 2);
      values.forEach((v, i) => {
        out[2 * i] = Number(v >> 32n);
        out[2 * i + 1] = Number(v & 0xffffffffn);
      });
      return out;
    };
    halves = { k: split(k), h0: split(h0) };
  }
  return halves;
}

/**
 * SHA-512 of `bytes` (FIPS 180-4), on 64-bit words kept as 32-bit halves (hi, lo): additions carry
 * from lo into hi, rotations mix the halves.
 */
export function sha512(bytes: Uint8Array): Uint8Array {
  const { k, h0 } = constantHalves();
  const blocks = Math.ceil((bytes.length + 17) / 128);
  const padded = new Uint8Array(blocks * 128);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const bits = bytes.length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 4294967296));
  view.setUint32(padded.length - 4, bits >>> 0);
  const h = Uint32Array.from(h0);
  const w = new Uint32Array(160);
  // 64-bit helpers on (hi, lo) pairs; results in r[0], r[1].
  const r = new Uint32Array(2);
  const add = (ah: number, al: number, bh: number, bl: number) => {
    const lo = (al >>> 0) + (bl >>> 0);
    r[1] = lo;
    r[0] = (ah + bh + Math.floor(lo / 4294967296)) >>> 0;
  };
  const rotrHi = (hi: number, lo: number, n: number) => (n < 32 ? (hi >>> n) | (lo << (32 - n)) : (lo >>> (n - 32)) | (hi << (64 - n)));
  const rotrLo = (hi: number, lo: number, n: number) => (n < 32 ? (lo >>> n) | (hi << (32 - n)) : (hi >>> (n - 32)) | (lo << (64 - n)));
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 32; t++) w[t] = view.getUint32(block * 128 + 4 * t);
    for (let t = 16; t < 80; t++) {
      const xh = w[2 * (t - 15)];
      const xl = w[2 * (t - 15) + 1];
      const s0h = (rotrHi(xh, xl, 1) ^ rotrHi(xh, xl, 8) ^ (xh >>> 7)) >>> 0;
      const s0l = (rotrLo(xh, xl, 1) ^ rotrLo(xh, xl, 8) ^ ((xl >>> 7) | (xh << 25))) >>> 0;
      const yh = w[2 * (t - 2)];
      const yl = w[2 * (t - 2) + 1];
      const s1h = (rotrHi(yh, yl, 19) ^ rotrHi(yh, yl, 61) ^ (yh >>> 6)) >>> 0;
      const s1l = (rotrLo(yh, yl, 19) ^ rotrLo(yh, yl, 61) ^ ((yl >>> 6) | (yh << 26))) >>> 0;
      add(w[2 * (t - 16)], w[2 * (t - 16) + 1], s0h, s0l);
      add(r[0], r[1], w[2 * (t - 7)], w[2 * (t - 7) + 1]);
      add(r[0], r[1], s1h, s1l);
      w[2 * t] = r[0];
      w[2 * t + 1] = r[1];
    }
    let [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl] = h;
    for (let t = 0; t < 80; t++) {
      const S1h = (rotrHi(eh, el, 14) ^ rotrHi(eh, el, 18) ^ rotrHi(eh, el, 41)) >>> 0;
      const S1l = (rotrLo(eh, el, 14) ^ rotrLo(eh, el, 18) ^ rotrLo(eh, el, 41)) >>> 0;
      const chh = ((eh & fh) ^ (~eh & gh)) >>> 0;
      const chl = ((el & fl) ^ (~el & gl)) >>> 0;
      add(hh, hl, S1h, S1l);
      add(r[0], r[1], chh, chl);
      add(r[0], r[1], k[2 * t], k[2 * t + 1]);
      add(r[0], r[1], w[2 * t], w[2 * t + 1]);
      const t1h = r[0];
      const t1l = r[1];
      const S0h = (rotrHi(ah, al, 28) ^ rotrHi(ah, al, 34) ^ rotrHi(ah, al, 39)) >>> 0;
      const S0l = (rotrLo(ah, al, 28) ^ rotrLo(ah, al, 34) ^ rotrLo(ah, al, 39)) >>> 0;
      const majh = ((ah & bh) ^ (ah & ch) ^ (bh & ch)) >>> 0;
      const majl = ((al & bl) ^ (al & cl) ^ (bl & cl)) >>> 0;
      add(S0h, S0l, majh, majl);
      const t2h = r[0];
      const t2l = r[1];
      hh = gh;
      hl = gl;
      gh = fh;
      gl = fl;
      fh = eh;
      fl = el;
      add(dh, dl, t1h, t1l);
      eh = r[0];
      el = r[1];
      dh = ch;
      dl = cl;
      ch = bh;
      cl = bl;
      bh = ah;
      bl = al;
      add(t1h, t1l, t2h, t2l);
      ah = r[0];
      al = r[1];
    }
    [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl].forEach((v, i) => {
      if (i % 2 === 0) return;
      add(h[i - 1], h[i], [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl][i - 1], v);
      h[i - 1] = r[0];
      h[i] = r[1];
    });
  }
  const out = new Uint8Array(64);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 16; i++) outView.setUint32(4 * i, h[i]);
  return out;
}

/** The 32-bit words (least significant first) of the big-endian integer `bytes`, as CPython's random_seed takes them. */
function seedWords(bytes: Uint8Array): Uint32Array {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  const significant = bytes.length - start;
  const words = new Uint32Array(Math.max(1, Math.ceil(significant / 4)));
  for (let i = 0; i < significant; i++) {
    const byte = bytes[bytes.length - 1 - i];
    words[i >> 2] |= byte << (8 * (i & 3));
  }
  return words;
}

/** MT19937 seeded by init_by_array(key); returns its first 32-bit output. */
function mt19937FirstOutput(key: Uint32Array): number {
  const n = 624;
  const mt = new Uint32Array(n);
  mt[0] = 19650218;
  for (let i = 1; i < n; i++) mt[i] = (Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i) >>> 0;
  let i = 1;
  let j = 0;
  for (let k = Math.max(n, key.length); k > 0; k--) {
    mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j) >>> 0;
    i++;
    j++;
    if (i >= n) {
      mt[0] = mt[n - 1];
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = n - 1; k > 0; k--) {
    mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
    i++;
    if (i >= n) {
      mt[0] = mt[n - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000;
  // First twist, for element 0 only, then tempering.
  const upper = 0x80000000;
  const lower = 0x7fffffff;
  const yTwist = (mt[0] & upper) | (mt[1] & lower);
  let y = (mt[397] ^ (yTwist >>> 1) ^ (yTwist & 1 ? 0x9908b0df : 0)) >>> 0;
  y ^= y >>> 11;
  y = (y ^ ((y << 7) & 0x9d2c5680)) >>> 0;
  y = (y ^ ((y << 15) & 0xefc60000)) >>> 0;
  y ^= y >>> 18;
  return y >>> 0;
}

/** The first output of Python's `random.Random(text)` generator (a str seed, version 2). */
export function pythonRandomFirstWord(text: string): number {
  const utf8 = new TextEncoder().encode(text);
  const seed = new Uint8Array(utf8.length + 64);
  seed.set(utf8);
  seed.set(sha512(utf8), utf8.length);
  return mt19937FirstOutput(seedWords(seed));
}

/** `random.Random(text).choices([False, True], k=1)[0]` in Python 3. */
export function pythonFirstCoinFlip(text: string): boolean {
  return pythonRandomFirstWord(text) >>> 31 === 1;
}
