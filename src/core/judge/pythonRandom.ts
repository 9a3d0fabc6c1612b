// The first draw of Python's `random.Random(text)`, reproduced exactly so that the order in which
// AlpacaEval showed two answers to its judge can be rebuilt from the instruction alone.
//
// Python seeds a Random from a str (version 2) with the integer whose big-endian bytes are
// UTF-8(text) followed by SHA-512(UTF-8(text)); that integer's 32-bit words, least significant
// first, go to MT19937's init_by_array. `random()` then takes two 32-bit outputs (a >> 5, b >> 6)
// into a 53-bit float, so `floor(random() * 2)` is the top bit of the first output.

const MASK64 = (1n << 64n) - 1n;

// SHA-512 round constants: the first 64 bits of the fractional parts of the cube roots of the
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

const rotr = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & MASK64;

/** SHA-512 of `bytes` (FIPS 180-4). Written with BigInt: clear rather than fast, for short inputs. */
export function sha512(bytes: Uint8Array): Uint8Array {
  const { k, h0 } = sha512Constants();
  const bitLength = BigInt(bytes.length) * 8n;
  const padded = new Uint8Array(Math.ceil((bytes.length + 17) / 128) * 128);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  for (let i = 0; i < 16; i++) padded[padded.length - 1 - i] = Number((bitLength >> BigInt(8 * i)) & 0xffn);
  const h = [...h0];
  const w: bigint[] = new Array(80);
  for (let block = 0; block < padded.length; block += 128) {
    for (let t = 0; t < 16; t++) {
      let v = 0n;
      for (let b = 0; b < 8; b++) v = (v << 8n) | BigInt(padded[block + 8 * t + b]);
      w[t] = v;
    }
    for (let t = 16; t < 80; t++) {
      const s0 = rotr(w[t - 15], 1n) ^ rotr(w[t - 15], 8n) ^ (w[t - 15] >> 7n);
      const s1 = rotr(w[t - 2], 19n) ^ rotr(w[t - 2], 61n) ^ (w[t - 2] >> 6n);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) & MASK64;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 80; t++) {
      const S1 = rotr(e, 14n) ^ rotr(e, 18n) ^ rotr(e, 41n);
      const ch = (e & f) ^ (~e & MASK64 & g);
      const t1 = (hh + S1 + ch + k[t] + w[t]) & MASK64;
      const S0 = rotr(a, 28n) ^ rotr(a, 34n) ^ rotr(a, 39n);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) & MASK64;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) & MASK64;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) & MASK64;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i] + v) & MASK64));
  }
  const out = new Uint8Array(64);
  h.forEach((v, i) => {
    for (let b = 0; b < 8; b++) out[8 * i + b] = Number((v >> BigInt(8 * (7 - b))) & 0xffn);
  });
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
