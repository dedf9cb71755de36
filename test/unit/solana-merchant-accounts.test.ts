/**
 * MerchantAccounts, which decides which Solana coins a session may offer, on an RPC in memory: no coin
 * is offered before the wallet's token accounts have been looked up (a session paid then would be paid
 * before the watcher follows the account, and missed), nor while the RPC fails that lookup; a coin is
 * offered once its account is seen open, and one whose account is missing says why.
 */
import { Keypair } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { describe, expect, test } from 'vitest';
import { MerchantAccounts } from '../../src/chains/solana/merchant-accounts.js';

const mint = Keypair.generate().publicKey;
const wallet = Keypair.generate().publicKey;
const ata = getAssociatedTokenAddressSync(mint, wallet, false, TOKEN_PROGRAM_ID).toBase58();

/** A 6-decimal mint account of the Token program, as getMultipleAccounts (base64) returns it. */
const mintAccount = () => {
  const data = Buffer.alloc(82);
  data[44] = 6;
  data[45] = 1;
  return { owner: TOKEN_PROGRAM_ID.toBase58(), data: [data.toString('base64'), 'base64'] };
};

/** An RPC that knows the mint, and the wallet's account when `open`; fails every call while `down`. */
function fakeRpc(state: { open: boolean; down: boolean }) {
  return {
    getMultipleAccounts: (addresses: string[]) => ({
      send: async () => {
        if (state.down) throw new Error('connect ECONNREFUSED');
        return { value: addresses.map((a) => (a === mint.toBase58() ? mintAccount() : a === ata && state.open ? { owner: TOKEN_PROGRAM_ID.toBase58(), data: ['', 'base64'] } : null)) };
      },
    }),
  };
}

const accountsOf = (state: { open: boolean; down: boolean }) =>
  new MerchantAccounts(fakeRpc(state) as never, [{ currency: 'USDT', mint: mint.toBase58(), decimals: 6 }], () => wallet.toBase58());

describe('MerchantAccounts.unpayable', () => {
  test('before the first lookup, no coin is payable, even one whose account exists', async () => {
    const accounts = accountsOf({ open: true, down: false });
    expect(accounts.unpayable().USDT).toMatch(/has not looked up the wallet \w+'s USDT token account yet/);
    await accounts.current();
    expect(accounts.unpayable()).toEqual({});
  });

  test('while the RPC fails the lookup, no coin is payable; once it answers, the open account is', async () => {
    const state = { open: true, down: true };
    const accounts = accountsOf(state);
    await expect(accounts.current()).rejects.toThrow('ECONNREFUSED');
    expect(Object.keys(accounts.unpayable())).toEqual(['USDT']);
    state.down = false;
    expect(await accounts.current()).toEqual([{ currency: 'USDT', mint: mint.toBase58(), account: ata, decimals: 6 }]);
    expect(accounts.unpayable()).toEqual({});
  });

  test('a missing account is unpayable with its reason, and payable once opened', async () => {
    const state = { open: false, down: false };
    const accounts = accountsOf(state);
    await accounts.current();
    expect(accounts.unpayable().USDT).toContain(`has no USDT token account yet (${ata})`);
    state.open = true;
    await accounts.current();
    expect(accounts.unpayable()).toEqual({});
  });
});
