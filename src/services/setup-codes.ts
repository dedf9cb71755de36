import { timingSafeEqual } from 'node:crypto';
import { newSetupCode, setupCodeHash } from '../domain/setup-code.js';
import type { SettingsStore } from './network-settings.js';
import type { Clock } from './ports.js';

/** Where the current code's hash is kept: in the store, so every instance on one database checks the same one. */
const KEY = 'ui.setup_code';

interface Stored {
  hash: string;
  issuedAt: number;
}

/**
 * The first owner's one-time setup code: `stablepos serve` issues one at each start while the shop has
 * no owner (and `stablepos users setup-code` on demand), each replacing the one before; the owner's
 * creation with it, or any other way, spends it.
 */
export class SetupCodes {
  constructor(
    private readonly settings: SettingsStore,
    private readonly now: Clock,
  ) {}

  /** A new code (only its hash is stored); the one before stops working. */
  async issue(): Promise<string> {
    const code = newSetupCode();
    await this.settings.put(KEY, { hash: setupCodeHash(code), issuedAt: this.now() } satisfies Stored, this.now());
    return code;
  }

  /** Whether `typed` is the current code (compared in constant time). */
  async matches(typed: string): Promise<boolean> {
    const stored = (await this.settings.get(KEY)) as Stored | null | undefined;
    if (!stored) return false;
    const [a, b] = [Buffer.from(setupCodeHash(typed)), Buffer.from(stored.hash)];
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** The owner exists: no code works any more. */
  async spend(): Promise<void> {
    await this.settings.put(KEY, null, this.now());
  }
}
