import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { startOfLocalDay, startOfNextLocalDay } from '../../src/domain/calendar.js';
import { ADDRESS_LOCKOUT, KNOWN_DEVICE_LOCKOUT, lockoutMs, NAME_AT_ADDRESS_LOCKOUT, NAME_LOCKOUT, retryAfterSeconds } from '../../src/domain/lockout.js';
import { hashPin, verifyPin } from '../../src/domain/pin.js';
import { nameProblem, pinProblem } from '../../src/domain/users.js';

const FAST = { N: 1024, r: 8, p: 1 };

describe('PIN hashing', () => {
  test('scrypt with a per-user salt: the same PIN hashes differently, verifies, and a wrong one does not', async () => {
    const a = await hashPin('2580');
    const b = await hashPin('2580');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPin('2580', a)).toBe(true);
    expect(await verifyPin('2581', a)).toBe(false);
    expect(await verifyPin('25800', a)).toBe(false);
  });

  test('a hash keeps its own cost parameters; malformed stored values never verify', async () => {
    const cheap = await hashPin('4826', FAST);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPin('4826', cheap)).toBe(true);
    for (const bad of ['', 'plain', 'scrypt$x$8$1$aa$bb', 'bcrypt$1$1$1$aa$bb', cheap.replace(/\$[\w-]+$/, '$AAAA')]) {
      expect(await verifyPin('4826', bad)).toBe(false);
    }
  });
});

describe('PIN rules', () => {
  test.each(['2580', '1357', '0101', '918273645', '123412341234', '1235'])('%s is accepted', (pin) => expect(pinProblem(pin)).toBeNull());
  test.each([
    ['123', /4 to 12 digits/],
    ['1234567890123', /4 to 12 digits/],
    ['12a4', /digits only/],
    [' 2580', /digits only/],
    ['０１２３', /digits only/],
    ['0000', /repeated/],
    ['77777777', /repeated/],
    ['1234', /consecutive/],
    ['9876', /consecutive/],
    ['0123456789', /consecutive/],
  ])('%s is refused', (pin, why) => expect(pinProblem(pin)).toMatch(why));

  test('names', () => {
    expect(nameProblem('Ann')).toBeNull();
    expect(nameProblem('  ')).toMatch(/empty/);
    expect(nameProblem('x'.repeat(41))).toMatch(/at most 40/);
    expect(nameProblem('usr_abc')).toMatch(/usr_/);
    expect(nameProblem('a\nb')).toMatch(/control/);
  });
});

describe('lockout maths', () => {
  test('5 failures for a user: 30 s, then doubling up to 1 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => lockoutMs(n, NAME_AT_ADDRESS_LOCKOUT))).toEqual([0, 0, 0, 0, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(lockoutMs(12, NAME_AT_ADDRESS_LOCKOUT)).toBe(3_600_000);
    expect(lockoutMs(1_000_000, NAME_AT_ADDRESS_LOCKOUT)).toBe(3_600_000);
    expect(lockoutMs(9, ADDRESS_LOCKOUT)).toBe(0);
    expect(lockoutMs(10, ADDRESS_LOCKOUT)).toBe(30_000);
    // Across every unknown device, a name gets 20 free failures, then locks doubling up to a day.
    expect(lockoutMs(20, NAME_LOCKOUT)).toBe(0);
    expect(lockoutMs(21, NAME_LOCKOUT)).toBe(30_000);
    expect(lockoutMs(33, NAME_LOCKOUT)).toBe(24 * 3_600_000);
    expect(lockoutMs(17, KNOWN_DEVICE_LOCKOUT)).toBe(24 * 3_600_000);
  });

  test('never decreasing, never above the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        const a = lockoutMs(n, NAME_AT_ADDRESS_LOCKOUT);
        return a <= NAME_AT_ADDRESS_LOCKOUT.maxMs && lockoutMs(n + 1, NAME_AT_ADDRESS_LOCKOUT) >= a;
      }),
    );
  });

  test('Retry-After rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(30_000, 0)).toBe(30);
    expect(retryAfterSeconds(30_001, 0)).toBe(31);
    expect(retryAfterSeconds(10, 0)).toBe(1);
  });
});

describe('start of the local day', () => {
  test('is the day start before every instant, and the next one is after it', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Santiago'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
        const start = startOfLocalDay(ms, zone);
        return start <= ms && startOfNextLocalDay(start, zone) > ms && startOfLocalDay(start, zone) === start;
      }),
    );
    expect(startOfLocalDay(Date.UTC(2026, 4, 1, 10), 'UTC')).toBe(Date.UTC(2026, 4, 1));
    expect(startOfLocalDay(Date.UTC(2026, 4, 1, 1), 'America/New_York')).toBe(Date.UTC(2026, 3, 30, 4));
  });
});
