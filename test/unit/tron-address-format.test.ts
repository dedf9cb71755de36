import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { TronWeb } from 'tronweb';
import { describe, expect, test } from 'vitest';
import { isTronAddress, toEvmAddress, toTronBase58, toTronHex } from '../../src/chains/tron/address-format.js';

const privateKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => k.some((b) => b !== 0)).map((k) => bytesToHex(k));

describe('TRON address spellings', () => {
  test('base58, 41-hex and 20-byte EVM forms convert into each other as TronWeb converts them', () => {
    fc.assert(
      fc.property(privateKey, (key) => {
        const base58 = TronWeb.address.fromPrivateKey(key) as string;
        const hex = TronWeb.address.toHex(base58);
        expect(toTronHex(base58)).toBe(hex);
        expect(toTronBase58(hex)).toBe(base58);
        expect(toTronBase58(toEvmAddress(base58))).toBe(base58);
        expect(toEvmAddress(hex)).toBe(`0x${hex.slice(2)}`);
      }),
      { numRuns: 100 },
    );
  });

  test('a mistyped address (checksum), another prefix or another length is refused', () => {
    const good = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(toTronHex(good)).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(() => toTronHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toThrow('not a TRON address');
    expect(() => toTronHex('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toThrow('not a TRON address');
    // A valid base58check string with Bitcoin's prefix, not TRON's.
    expect(() => toTronHex('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toThrow(/prefix or length/);
    expect(() => toTronHex('0x1234')).toThrow('not a TRON address');
    expect(isTronAddress(good)).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBe(false);
  });
});
