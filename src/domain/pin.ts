/**
 * PIN hashing: scrypt with a random 16-byte salt per user, stored as one self-describing string
 * `scrypt$N$r$p$<salt b64url>$<hash b64url>` so that the cost can be raised later without a
 * migration (old hashes keep their own parameters). Verification compares in constant time.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** N=2^14, r=8: ~50 ms and 16 MB per attempt on a small machine, the cost of every PIN check. */
export const PIN_SCRYPT = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => scrypt(pin.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPin(pin: string, params: { N: number; r: number; p: number } = PIN_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `pin` matches `stored`; false (never a throw) for a malformed stored value. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((x) => Number.isInteger(x) && x > 0)) return false;
  const salt = Buffer.from(parts[4] as string, 'base64url');
  const expected = Buffer.from(parts[5] as string, 'base64url');
  const actual = await derive(pin, salt, { N, r, p });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A hash of nothing anyone knows, checked when the user named does not exist, so an unknown name
 * takes as long to refuse as a wrong PIN.
 */
let decoy: Promise<string> | undefined;
export const decoyPinHash = (): Promise<string> => (decoy ??= hashPin(randomBytes(16).toString('hex')));
