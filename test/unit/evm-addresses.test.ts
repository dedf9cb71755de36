import { HDKey } from '@scure/bip32';
import fc from 'fast-check';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, test } from 'vitest';
import { newTestWallet } from '../../src/chains/evm/addresses.js';
import { EvmAddressDeriver, publicKeyToAddress } from '../../src/chains/keccak-accounts/xpub-deriver.js';
import { erc20TransferUri } from '../../src/chains/evm/payment-uri.js';

test('deposit addresses are m/44\'/60\'/0\'/0/i of the wallet, as a wallet with the seed would compute them', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed, index) => {
      const deriver = new EvmAddressDeriver(newTestWallet(seed).xpub);
      const key = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${index}`);
      expect(deriver.address(index)).toBe(privateKeyToAccount(bytesToHex(key.privateKey as Uint8Array)).address);
      expect(deriver.address(index)).toBe(publicKeyToAddress(key.publicKey as Uint8Array));
    }),
    { numRuns: 40 },
  );
});

test('a private extended key is refused: the app only watches', () => {
  const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/60'/0'").privateExtendedKey;
  expect(() => new EvmAddressDeriver(xprv)).toThrow(/extended public key/);
  expect(() => new EvmAddressDeriver('xpub-nonsense')).toThrow();
});

test('EIP-681 URI carries base units as a plain integer', () => {
  expect(erc20TransferUri('0x5FbDB2315678afecb367f032d93F642f64180aa3', 56, '0x3cdD4b7d5f8B3eEc3DC51F25eA537c3cD3C818F2', 12_500_000n * 10n ** 12n)).toBe(
    'ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@56/transfer?address=0x3cdD4b7d5f8B3eEc3DC51F25eA537c3cD3C818F2&uint256=12500000000000000000',
  );
});
