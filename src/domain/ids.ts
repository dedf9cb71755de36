import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random base62 string of `length` characters. 24 characters carry ~142 bits, so ids that double as
 * capabilities (a session id opens its public checkout page) cannot be guessed.
 */
export function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly likely (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    const byte = nextRandomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/**
 * Bytes from the CSPRNG, fetched 4 KiB at a time: one system call per ~100 ids instead of one per
 * id (ids are made several times per request). Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/**
 * `length` bytes from the same pool (at most its size): for random values made per request, such as a
 * Solana Pay reference, where a call into the CSPRNG each cost more than the rest of the value.
 */
export function pooledRandomBytes(length: number): Uint8Array {
  if (length > pool.length) throw new Error(`at most ${pool.length} pooled random bytes at a time`);
  if (pool.length - poolOffset < length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Uint8Array.from(pool.subarray(poolOffset, poolOffset + length));
  poolOffset += length;
  return bytes;
}

export const ID_PREFIX = {
  session: 'ps',
  merchant: 'mer',
  domain: 'dom',
  apiKey: 'key',
  request: 'req',
  event: 'evt',
  payment: 'pay',
  webhookEndpoint: 'we',
  webhookDelivery: 'wd',
  balanceTransaction: 'txn',
  settlement: 'stl',
  conversion: 'conv',
  conversionQuote: 'cq',
  refund: 're',
  user: 'usr',
  uiSession: 'uis',
  deposit: 'dep',
  shift: 'shift',
} as const;

/** Characters of the time prefix: 62^8 ms reaches the year 8000. */
const TIME_CHARS = 8;

/**
 * `<prefix>_` + 8 base62 characters of the creation time in ms + 24 random ones (~142 bits, the
 * capability part). The time prefix makes ids of one kind sort by creation time, so each new id
 * lands at the end of its unique index, and of every index keyed by it, instead of on a random
 * page: a commit of fifty new sessions then rewrites a few index pages rather than hundreds. It
 * reveals when the object was made, as Stripe's and ULID's ids do.
 */
export function newId(kind: keyof typeof ID_PREFIX, now = Date.now()): string {
  return `${ID_PREFIX[kind]}_${base62Time(now)}${randomBase62(24)}`;
}

function base62Time(ms: number): string {
  let out = '';
  let rest = Math.max(0, Math.floor(ms));
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}
