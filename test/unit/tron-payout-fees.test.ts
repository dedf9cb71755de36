/**
 * What a TRON payout costs and when the refund wallet cannot pay it: energy (65,000 to a USDT holder,
 * 130,000 otherwise) and bandwidth from what the wallet has, TRX burnt at the chain's prices for the
 * rest, the fee limit, and the owner's failure reason.
 */
import { describe, expect, test } from 'vitest';
import { feeShortfall, payoutFees, trx, type WalletResources } from '../../src/chains/tron/payout-fees.js';
import { tronPayoutNonce } from '../../src/chains/tron/refund-payout.js';

/** Mainnet's prices since August 2025. */
const prices = { energyFeeSun: 100n, bandwidthFeeSun: 1_000n, maxFeeLimitSun: 15_000_000_000n };
/** An account that staked nothing and used none of its daily free bandwidth. */
const unstaked: WalletResources = { balanceSun: 50_000_000n, energyLimit: 0, energyUsed: 0, freeNetLimit: 600, freeNetUsed: 0, netLimit: 0, netUsed: 0 };

describe('payoutFees', () => {
  test('without staked energy: 130,000 energy to a new holder, 65,000 to a holder, burnt at the energy price; the free bandwidth covers one transfer', () => {
    expect(payoutFees({ recipientHoldsToken: false, inFlight: 0, wallet: unstaked, prices })).toEqual({
      energy: 130_000,
      energyNeeded: 130_000,
      energyAvailable: 0,
      burnSun: 13_000_000n,
      feeLimitSun: 26_000_000n,
    });
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 0, wallet: unstaked, prices })).toMatchObject({ energy: 65_000, burnSun: 6_500_000n });
    // At 2022–2024's 420 sun the same transfer burns 54.6 TRX, and the fee limit follows.
    expect(payoutFees({ recipientHoldsToken: false, inFlight: 0, wallet: unstaked, prices: { ...prices, energyFeeSun: 420n } })).toMatchObject({
      burnSun: 54_600_000n,
      feeLimitSun: 109_200_000n,
    });
  });

  test('staked or rented energy is spent first; only what is missing burns TRX', () => {
    const rented = { ...unstaked, energyLimit: 100_000, energyUsed: 50_000 };
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 0, wallet: rented, prices })).toMatchObject({ energyAvailable: 50_000, burnSun: 1_500_000n });
    const plenty = { ...unstaked, energyLimit: 500_000 };
    expect(payoutFees({ recipientHoldsToken: false, inFlight: 0, wallet: plenty, prices }).burnSun).toBe(0n);
    // Used beyond its limit (the limit shrank): nothing available, never negative.
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 0, wallet: { ...unstaked, energyLimit: 10, energyUsed: 20 }, prices }).energyAvailable).toBe(0);
  });

  test('bandwidth: staked first, then the free allowance, each only when it covers the whole transaction, else 1,000 sun a byte', () => {
    const energy = { energyLimit: 10_000_000 };
    const usedUp = { ...unstaked, ...energy, freeNetUsed: 300 };
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 0, wallet: usedUp, prices }).burnSun).toBe(400_000n);
    const staked = { ...unstaked, ...energy, netLimit: 500 };
    // One transfer from staked bandwidth, one from the free allowance, the third burns.
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 1, wallet: staked, prices }).burnSun).toBe(0n);
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 2, wallet: staked, prices }).burnSun).toBe(400_000n);
  });

  test('payouts still on their way count at 130,000 energy each, whoever they pay', () => {
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 2, wallet: { ...unstaked, freeNetLimit: 0 }, prices })).toMatchObject({
      energy: 65_000,
      energyNeeded: 325_000,
      burnSun: 32_500_000n + 1_200_000n,
    });
  });

  test('the fee limit never exceeds the chain’s maximum', () => {
    expect(payoutFees({ recipientHoldsToken: true, inFlight: 0, wallet: unstaked, prices: { ...prices, maxFeeLimitSun: 20_000_000n } }).feeLimitSun).toBe(20_000_000n);
  });
});

describe('feeShortfall', () => {
  const base = { from: 'TWallet', network: 'TRON', currency: 'USDT', recipientHoldsToken: false, inFlight: 0 };
  const fees = (wallet: WalletResources, o: Partial<typeof base> = {}) => payoutFees({ ...base, ...o, wallet, prices });

  test('none when the wallet holds the TRX to burn', () => {
    const wallet = { ...unstaked, balanceSun: 13_000_000n };
    expect(feeShortfall({ ...base, wallet, fees: fees(wallet) })).toBeNull();
  });

  test('one TRX short: names the energy, the TRX held and burnt, and what to do', () => {
    const wallet = { ...unstaked, balanceSun: 9_000_000n, energyLimit: 30_000 };
    expect(feeShortfall({ ...base, wallet, fees: fees(wallet) })).toBe(
      'insufficient_gas_balance: the refund wallet TWallet has 30,000 energy and 9 TRX on TRON; ' +
        "this refund takes about 130,000 energy (the customer's address holds no USDT yet, which costs twice the usual 65,000), " +
        'so about 10 TRX would be burnt for the energy and bandwidth it lacks; send TRX to the wallet (or stake or rent energy for it) and create the refund again',
    );
  });

  test('to a holder, with payouts on their way', () => {
    const wallet = { ...unstaked, balanceSun: 1_000n };
    const o = { recipientHoldsToken: true, inFlight: 2 };
    expect(feeShortfall({ ...base, ...o, wallet, fees: fees(wallet, o) })).toBe(
      'insufficient_gas_balance: the refund wallet TWallet has 0 energy and 0.001 TRX on TRON; ' +
        "this refund takes about 65,000 energy (the customer's address already holds USDT), and 325,000 together with the 2 payouts still on their way, " +
        'so about 33.3 TRX would be burnt for the energy and bandwidth it lacks; send TRX to the wallet (or stake or rent energy for it) and create the refund again',
    );
  });

  test('a wallet that does not exist on TRON cannot send, whatever it would cost', () => {
    const wallet = { ...unstaked, balanceSun: null };
    expect(feeShortfall({ ...base, wallet, fees: fees(wallet) })).toBe(
      'insufficient_gas_balance: the refund wallet TWallet does not exist on TRON yet (it has never received TRX), so it cannot send; ' +
        'send it TRX for fees (about 13 TRX for this refund without staked energy) and create the refund again',
    );
  });
});

test('TRX amounts are written without trailing zeros', () => {
  expect([trx(0n), trx(13_000_000n), trx(345_000n), trx(1n), trx(100_000_000n)]).toEqual(['0', '13', '0.345', '0.000001', '100']);
});

test('a TRON payout has no nonce', () => {
  expect(tronPayoutNonce(JSON.stringify({ refBlock: { number: 1, id: '00' }, expiration: 1, timestamp: 1, feeLimit: 1, energy: 1 }))).toBeNull();
});
