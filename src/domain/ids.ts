import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random base62 string of `length` characters. 24 characters carry ~142 bits, so ids that double as
 * capabilities (a session id opens its public checkout page) cannot be guessed.
 */
export function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly likely (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
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
} as const;

export function newId(kind: keyof typeof ID_PREFIX): string {
  return `${ID_PREFIX[kind]}_${randomBase62(24)}`;
}
