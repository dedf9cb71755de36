import { HDKey } from '@scure/bip32';

/** The account path EVM wallets use (SLIP-44 coin type 60); deposit addresses are its children 0/i. */
export const EVM_ACCOUNT_PATH = "m/44'/60'/0'";

/** A new random test-mode wallet: its account xpub m/44'/60'/0', from a seed kept in the data dir. */
export function newTestWallet(seed: Uint8Array): { xpub: string } {
  return { xpub: HDKey.fromMasterSeed(seed).derive(EVM_ACCOUNT_PATH).publicExtendedKey };
}
