import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { cancel, deriveState, isTerminal, SESSION_STATUSES } from '../../src/domain/session-state.js';

describe('session state machine', () => {
  test('only a PENDING session with nothing received can be canceled', () => {
    expect(cancel({ status: 'PENDING', amountReceivedMinor: 0n })).toBe('CANCELED');
    expect(() => cancel({ status: 'PENDING', amountReceivedMinor: 1n })).toThrow(ApiError);
    for (const status of SESSION_STATUSES.filter((s) => s !== 'PENDING')) {
      expect(() => cancel({ status, amountReceivedMinor: 0n })).toThrow(/cannot be canceled/);
    }
  });

  test('only PENDING sessions expire (PROCESSING waits for confirmations)', () => {
    const at = (status: (typeof SESSION_STATUSES)[number], covered: boolean) =>
      deriveState({
        status,
        resolvedBy: null,
        amountMinor: 100n,
        expiresAt: 1000,
        due: { USDT: 1_000_000n },
        payments: covered ? [{ currency: 'USDT', amountMinor: 1_000_000n, status: 'detected', blockTime: 500 }] : [],
        now: 2000,
      }).status;
    expect(at('PENDING', false)).toBe('EXPIRED');
    expect(at('PROCESSING', true)).toBe('PROCESSING');
    expect(at('CANCELED', false)).toBe('CANCELED');
  });

  test('terminal states', () => {
    expect(SESSION_STATUSES.filter(isTerminal)).toEqual(['SUCCEEDED', 'EXPIRED', 'CANCELED']);
  });
});
