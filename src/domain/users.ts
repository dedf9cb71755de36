/**
 * Staff of the shop who use the app's own UI: each signs in with a name and a PIN and has a role.
 * `owner` may do everything; `cashier` may create, follow and cancel payment sessions and see
 * today's sessions (docs/api.md, "Roles"). API keys act as owners. Pure rules only: hashing lives in
 * domain/pin.ts, storage in db/, the use cases in services/user-service.ts.
 */

export const ROLES = ['owner', 'cashier'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => value === 'owner' || value === 'cashier';

export interface User {
  readonly id: string;
  readonly merchantId: string;
  readonly name: string;
  readonly role: Role;
  readonly createdAt: number;
  readonly disabledAt: number | null;
}

export const NAME_MAX = 40;

/** Names are compared without regard to case or surrounding blanks: "Ann" and " ann " are one user. */
export const nameKey = (name: string): string => name.trim().normalize('NFC').toLowerCase();

/** Why a user name cannot be used, or null when it can. */
export function nameProblem(name: string): string | null {
  const n = name.trim();
  if (n.length === 0) return 'the name must not be empty';
  if (n.length > NAME_MAX) return `the name must be at most ${NAME_MAX} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(n)) return 'the name must not contain control characters';
  if (/^usr_/i.test(n)) return 'the name must not start with "usr_" (user ids do)';
  return null;
}

export const PIN_MIN = 4;
export const PIN_MAX = 12;

/**
 * Why a PIN cannot be used, or null when it can. A PIN is 4–12 digits. Refused as too easy to guess:
 * one digit repeated (`0000`, `777777`) and a straight run up or down (`1234`, `98765`, `0123456789`),
 * the PINs tried first by anyone guessing.
 */
export function pinProblem(pin: string): string | null {
  if (!/^\d+$/.test(pin)) return 'the PIN must be digits only';
  if (pin.length < PIN_MIN || pin.length > PIN_MAX) return `the PIN must be ${PIN_MIN} to ${PIN_MAX} digits`;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - (digits[i] as number)));
  if (steps.size === 1) {
    const [step] = steps;
    if (step === 0) return 'the PIN must not be one digit repeated';
    if (step === 1 || step === -1) return 'the PIN must not be a run of consecutive digits';
  }
  return null;
}

/** A user as stored, with the PIN's hash (never leaves the services). */
export interface StoredUser extends User {
  readonly pinHash: string;
}

/** A UI sign-in session as stored (the token itself only as its hash). */
/** Failed PIN sign-ins in a row under one key (a user or a client address), and the lock they earned. */
export interface SignInFailures {
  key: string;
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

export interface UiSessionRecord {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly lastUsedAt: number;
  readonly expiresAt: number;
  readonly endedAt: number | null;
  /** The mode the owner switched this sign-in to; null for the app's default. */
  readonly livemode?: boolean | null;
}
