import { utils } from 'tronweb';
import { expect, test } from 'vitest';
import {
  TRON_DEVNET_DEPLOYER_ADDRESS,
  TRON_DEVNET_DEPLOYER_KEY,
  TRON_DEVNET_FAUCET_ADDRESS,
  TRON_DEVNET_FAUCET_KEY,
  TRON_DEVNET_PAYER_ADDRESSES,
  TRON_DEVNET_PAYER_KEYS,
} from '../../src/chains/tron/devnet/test-accounts.js';

// The TRON devnet's keys are written out in the source; they must be the public test mnemonic's at
// TRON's path, as TronWeb derives them, so that anyone can reproduce them with TronWeb alone.
const MNEMONIC = 'test test test test test test test test test test test junk';

function tronWebAccount(index: number): { key: string; address: string } {
  const account = utils.accounts.generateAccountWithMnemonic(MNEMONIC, `m/44'/195'/0'/0/${index}`);
  return { key: account.privateKey.replace(/^0x/, ''), address: account.address };
}

test("the devnet's keys are the test mnemonic's at m/44'/195'/0'/0/i, and each address is its key's", () => {
  expect(tronWebAccount(0)).toEqual({ key: TRON_DEVNET_DEPLOYER_KEY, address: TRON_DEVNET_DEPLOYER_ADDRESS });
  expect([1, 2, 3].map(tronWebAccount)).toEqual(TRON_DEVNET_PAYER_KEYS.map((key, i) => ({ key, address: TRON_DEVNET_PAYER_ADDRESSES[i] })));
  expect(tronWebAccount(10)).toEqual({ key: TRON_DEVNET_FAUCET_KEY, address: TRON_DEVNET_FAUCET_ADDRESS });
});
