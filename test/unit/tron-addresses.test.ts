/**
 * TRON deposit addresses from an account xpub (m/44'/195'/0', children 0/i), checked against tronweb:
 * its address of each child's private key, and its own derivation from the mnemonic at TRON's path.
 */
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { TronWeb } from 'tronweb';
import { expect, test } from 'vitest';
import { TRON_ACCOUNT_PATH, TronAddressDeriver, newTestTronWallet } from '../../src/chains/tron/addresses.js';

const MNEMONIC = 'test test test test test test test test test test test junk';
const seed = mnemonicToSeedSync(MNEMONIC);
const account = HDKey.fromMasterSeed(seed).derive(TRON_ACCOUNT_PATH);

test('each child of the account xpub is the address tronweb gives the child\'s private key', () => {
  const deriver = new TronAddressDeriver(account.publicExtendedKey);
  for (const i of [0, 1, 2, 19, 20, 1000, 2 ** 31 - 1]) {
    const key = account.deriveChild(0).deriveChild(i).privateKey as Uint8Array;
    const expected = TronWeb.address.fromPrivateKey(Buffer.from(key).toString('hex'));
    expect(deriver.address(i), `index ${i}`).toBe(expected);
    expect(deriver.address(i)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  }
});

test('the first addresses are the ones tronweb derives from the same mnemonic at TRON\'s path', () => {
  const deriver = new TronAddressDeriver(account.publicExtendedKey);
  for (const i of [0, 1, 2]) {
    const fromTronweb = TronWeb.fromMnemonic(MNEMONIC, `${TRON_ACCOUNT_PATH}/0/${i}`);
    expect(deriver.address(i)).toBe(fromTronweb.address);
  }
});

test('watch-only: a private extended key and indexes out of range are refused', () => {
  expect(() => new TronAddressDeriver(account.privateExtendedKey)).toThrow(/extended public key/);
  const deriver = new TronAddressDeriver(account.publicExtendedKey);
  expect(() => deriver.address(-1)).toThrow(/out of range/);
  expect(() => deriver.address(2 ** 31)).toThrow(/out of range/);
});

test('a test wallet is an account xpub at TRON\'s path', () => {
  const { xpub } = newTestTronWallet(new Uint8Array(32).fill(3));
  expect(xpub).toBe(HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive(TRON_ACCOUNT_PATH).publicExtendedKey);
  expect(new TronAddressDeriver(xpub).address(0)).toMatch(/^T/);
});
