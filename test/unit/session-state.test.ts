import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { canExpire, cancel, isTerminal, SESSION_STATUSES } from '../../src/domain/session-state.js';

describe('session state machine', () => {
  test('only a PENDING session with nothing received can be canceled', () => {
    expect(cancel({ status: 'PENDING', amountReceivedMinor: 0n })).toBe('CANCELED');
    expect(() => cancel({ status: 'PENDING', amountReceivedMinor: 1n })).toThrow(ApiError);
    for (const status of SESSION_STATUSES.filter((s) => s !== 'PENDING')) {
      expect(() => cancel({ status, amountReceivedMinor: 0n })).toThrow(/cannot be canceled/);
    }
  });

  test('only PENDING sessions expire (PROCESSING waits for confirmations)', () => {
    expect(SESSION_STATUSES.filter((status) => canExpire({ status, amountReceivedMinor: 0n }))).toEqual(['PENDING']);
  });

  test('terminal states', () => {
    expect(SESSION_STATUSES.filter(isTerminal)).toEqual(['SUCCEEDED', 'EXPIRED', 'CANCELED']);
  });
});
