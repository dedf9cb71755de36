/**
 * MerchantAccounts, which decides which Solana coins a session may offer, on an RPC in memory: no coin
 * is offered before the wallet's token accounts have been looked up (a session paid then would be paid
 * before the watcher follows the account, and missed), nor before the watcher has stored its cursor for
 * the account (the same, a moment later), nor while the RPC fails that lookup; a coin is
 * offered once its account is seen open, and one whose account is missing says why. The extra mints'
 * accounts are followed under each mint's own program, never looked up, never making a coin unpayable.
 */
import { Keypair } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
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
  new MerchantAccounts(fakeRpc(state) as never, { offered: [{ currency: 'USDT', mint: mint.toBase58(), decimals: 6 }] }, () => wallet.toBase58());

describe('MerchantAccounts.unpayable', () => {
  test('before the first lookup, no coin is payable, even one whose account exists', async () => {
    const accounts = accountsOf({ open: true, down: false });
    expect(accounts.unpayable().USDT).toMatch(/has not looked up the wallet \w+'s USDT token account yet/);
    await accounts.current();
    accounts.following([ata]);
    expect(accounts.unpayable()).toEqual({});
  });

  test('an open account is not payable until the watcher has stored its cursor for it: a payment sent before would be missed', async () => {
    const accounts = accountsOf({ open: true, down: false });
    await accounts.current();
    expect(accounts.unpayable().USDT).toContain(`is starting to follow the wallet ${wallet.toBase58()}'s USDT token account (${ata})`);
    accounts.following(['another account']);
    expect(Object.keys(accounts.unpayable())).toEqual(['USDT']);
    accounts.following([ata]);
    expect(accounts.unpayable()).toEqual({});
  });

  test('while the RPC fails the lookup, no coin is payable; once it answers, the open account is', async () => {
    const state = { open: true, down: true };
    const accounts = accountsOf(state);
    await expect(accounts.current()).rejects.toThrow('ECONNREFUSED');
    expect(Object.keys(accounts.unpayable())).toEqual(['USDT']);
    state.down = false;
    expect(await accounts.current()).toEqual([{ currency: 'USDT', mint: mint.toBase58(), account: ata, decimals: 6 }]);
    accounts.following([ata]);
    expect(accounts.unpayable()).toEqual({});
  });

  test('a missing account is unpayable with its reason, and payable once opened', async () => {
    const state = { open: false, down: false };
    const accounts = accountsOf(state);
    await accounts.current();
    expect(accounts.unpayable().USDT).toContain(`has no USDT token account yet (${ata})`);
    state.open = true;
    await accounts.current();
    accounts.following([ata]);
    expect(accounts.unpayable()).toEqual({});
  });
});

describe('extra mints (tokens customers send by mistake)', () => {
  const pyusd = Keypair.generate().publicKey;
  const gone = Keypair.generate().publicKey;
  /** PYUSD's account under Token-2022, the program its mint belongs to (not the classic one). */
  const pyusdAta = getAssociatedTokenAddressSync(pyusd, wallet, false, TOKEN_2022_PROGRAM_ID).toBase58();
  const extra = [
    { symbol: 'PYUSD', contract: pyusd.toBase58(), decimals: 6, currency: null },
    { symbol: 'GONE', contract: gone.toBase58(), decimals: 6, currency: null },
  ];

  /** An RPC that knows the USDT mint and account, and a Token-2022 "PYUSD" mint of 8 decimals; records what is asked. */
  function rpcWithExtra(asked: string[][]) {
    return {
      getMultipleAccounts: (addresses: string[]) => ({
        send: async () => {
          asked.push(addresses);
          return {
            value: addresses.map((a) => {
              if (a === mint.toBase58()) return mintAccount();
              if (a === ata) return { owner: TOKEN_PROGRAM_ID.toBase58(), data: ['', 'base64'] };
              if (a === pyusd.toBase58()) {
                const data = Buffer.alloc(82);
                data[44] = 8;
                data[45] = 1;
                return { owner: TOKEN_2022_PROGRAM_ID.toBase58(), data: [data.toString('base64'), 'base64'] };
              }
              return null;
            }),
          };
        },
      }),
    };
  }

  test('followed under the mint\'s own program with its own decimals, never looked up, never making a coin unpayable; a mint missing on the cluster is not followed', async () => {
    const asked: string[][] = [];
    const accounts = new MerchantAccounts(rpcWithExtra(asked) as never, { offered: [{ currency: 'USDT', mint: mint.toBase58(), decimals: 6 }], extra }, () => wallet.toBase58());
    expect(await accounts.current()).toEqual([
      { currency: 'USDT', mint: mint.toBase58(), account: ata, decimals: 6 },
      { currency: null, mistake: 'unsupported_token', mint: pyusd.toBase58(), account: pyusdAta, decimals: 8 },
    ]);
    // The PYUSD account does not exist: nothing is unpayable for it, and it is not looked up.
    accounts.following([ata]);
    expect(accounts.unpayable()).toEqual({});
    expect(asked).toEqual([[mint.toBase58(), pyusd.toBase58(), gone.toBase58()], [ata]]);
    // Every offered account open: no lookup on the next pass, the missing extra one notwithstanding.
    await accounts.current();
    expect(asked).toHaveLength(2);
  });

  test('a supported coin the network does not offer is followed as a wrong asset, with its currency', async () => {
    const accounts = new MerchantAccounts(rpcWithExtra([]) as never, { offered: [{ currency: 'USDT', mint: mint.toBase58(), decimals: 6 }], extra: [{ symbol: 'USDC', contract: pyusd.toBase58(), decimals: 6, currency: 'USDC' as const }] }, () => wallet.toBase58());
    expect((await accounts.current())[1]).toMatchObject({ currency: 'USDC', mistake: 'wrong_asset', account: pyusdAta });
  });
});
