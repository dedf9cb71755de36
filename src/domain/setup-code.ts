import { createHash, randomInt } from 'node:crypto';

/**
 * The one-time code that lets a browser create a fresh shop's first owner (docs/security.md, "The
 * first owner"). Crockford's base32 (no I, L, O, U: nothing to misread from a terminal), 12
 * characters: 60 random bits, which nobody guesses online at the rate limit's 100 tries a second.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;

/** A new code, shown in groups of four: `7KQ2-M9XD-4RTB`. */
export function newSetupCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.replace(/(.{4})(?!$)/g, '$1-');
}

/** The code as typed, in its one spelling: case, spaces and dashes ignored, O read as 0, I and L as 1. */
export function normalizeSetupCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** What is stored: the SHA-256 of the normalised code (the code itself is printed once, never kept). */
export const setupCodeHash = (code: string): string => createHash('sha256').update(normalizeSetupCode(code)).digest('hex');
