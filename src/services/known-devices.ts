import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../domain/ids.js';
import type { SettingsStore } from './network-settings.js';
import type { Clock, UnitOfWork } from './ports.js';

/** Where the key that signs the cookies is kept: in the store, so every instance on one database accepts them. */
const KEY_SETTING = 'ui.known_device_key';
/** One cookie per user the browser signed in as: `stablepos_known_<user id>`. */
const COOKIE_PREFIX = 'stablepos_known_';
/** A device stays known for a year after its last sign-in there (each sign-in renews the cookie). */
export const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 3600;

/** A cookie to send with the answer: `Set-Cookie: <name>=<value>; …`. */
export interface DeviceCookie {
  name: string;
  value: string;
}

/**
 * Devices a user has signed in on before (docs/security.md, "PIN sign-in lockout"): after a right
 * PIN the browser is given a cookie `<device id>.<HMAC of user id and device id>`, signed with a key
 * only the app holds, so it cannot be forged and names the device for that user alone. Wrong PINs on
 * a known device count apart from everybody else's, so strangers cannot lock it; and only known
 * devices are shown the staff to pick from.
 */
export class KnownDevices {
  private key: Buffer | undefined;

  constructor(private readonly d: { settings: SettingsStore; tx: UnitOfWork; now: Clock }) {}

  /** A new cookie making this browser known for `userId`. */
  async issue(userId: string): Promise<DeviceCookie> {
    const device = randomBase62(16);
    return { name: COOKIE_PREFIX + userId, value: `${device}.${await this.mac(userId, device)}` };
  }

  /** The device id a valid cookie of `userId` names, or undefined (none, forged, or for another user). */
  async deviceOf(userId: string, cookies: Readonly<Record<string, string>>): Promise<string | undefined> {
    const cookie = cookies[COOKIE_PREFIX + userId];
    const m = cookie === undefined ? null : /^([0-9A-Za-z]{16})\.([\w-]{43})$/.exec(cookie);
    if (!m) return undefined;
    const [device, given] = [m[1] as string, Buffer.from(m[2] as string)];
    const want = Buffer.from(await this.mac(userId, device));
    return given.length === want.length && timingSafeEqual(given, want) ? device : undefined;
  }

  /** Whether the browser is known for any of `userIds`. */
  async knownForAny(userIds: readonly string[], cookies: Readonly<Record<string, string>>): Promise<boolean> {
    for (const id of userIds) if (cookies[COOKIE_PREFIX + id] !== undefined && (await this.deviceOf(id, cookies)) !== undefined) return true;
    return false;
  }

  private async mac(userId: string, device: string): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(`${userId}.${device}`).digest('base64url');
  }

  /** Made once per store, on first use; every instance reads the same one. */
  private async signingKey(): Promise<Buffer> {
    if (this.key) return this.key;
    const stored = await this.d.tx(async () => {
      const existing = await this.d.settings.get(KEY_SETTING);
      if (typeof existing === 'string') return existing;
      const made = randomBytes(32).toString('base64url');
      await this.d.settings.put(KEY_SETTING, made, this.d.now());
      return made;
    });
    this.key = Buffer.from(stored, 'base64url');
    return this.key;
  }
}
