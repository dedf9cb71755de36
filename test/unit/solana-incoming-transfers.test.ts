/**
 * How the Solana watcher reads transfers out of a jsonParsed transaction where surfnet cannot easily
 * produce the case: an account that received less than the instructions sent (a Token-2022 transfer
 * fee), and a destination account created in the same transaction. The shapes are the RPC's.
 */
import { expect, test } from 'vitest';
import { incomingTransfers, type ParsedTransactionView } from '../../src/chains/solana/incoming-transfers.js';

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const [PAYER, SOURCE, MERCHANT_ACCOUNT, MINT, REF_A, REF_B] = ['Payer111', 'Source111', 'Merchant111', 'Mint111', 'RefA111', 'RefB111'];
const keys = [PAYER, SOURCE, MERCHANT_ACCOUNT, TOKEN_2022, MINT, REF_A, REF_B].map((pubkey) => ({ pubkey }));

function transferChecked(amount: string, reference: string) {
  return {
    programId: TOKEN_2022,
    parsed: { type: 'transferChecked', info: { source: SOURCE, destination: MERCHANT_ACCOUNT, mint: MINT, multisigAuthority: PAYER, signers: [reference], tokenAmount: { amount, decimals: 6 } } },
  };
}

function balance(accountIndex: number, amount: string, owner: string) {
  return { accountIndex, mint: MINT, owner, uiTokenAmount: { amount } };
}

function tx(pre: ReturnType<typeof balance>[], post: ReturnType<typeof balance>[], err: unknown = null): ParsedTransactionView {
  return {
    meta: { err, innerInstructions: [], preTokenBalances: pre, postTokenBalances: post },
    transaction: { message: { accountKeys: keys, instructions: [transferChecked('3000000', REF_A), transferChecked('2000000', REF_B)] } },
  };
}

test('transfers into one account are credited in order, never more in total than the account received', () => {
  // 5 sent, 4 arrived (1 withheld as a transfer fee).
  const found = incomingTransfers(tx([balance(1, '9000000', PAYER), balance(2, '0', 'Merchant')], [balance(1, '4000000', PAYER), balance(2, '4000000', 'Merchant')]), new Set([MERCHANT_ACCOUNT]));
  expect(found).toEqual([
    { eventIndex: 0, account: MERCHANT_ACCOUNT, from: PAYER, amountBase: 3_000_000n, instructionKeys: [REF_A] },
    { eventIndex: 1000, account: MERCHANT_ACCOUNT, from: PAYER, amountBase: 1_000_000n, instructionKeys: [REF_B] },
  ]);
});

test('a destination created in the same transaction starts from zero', () => {
  const found = incomingTransfers(tx([balance(1, '9000000', PAYER)], [balance(1, '4000000', PAYER), balance(2, '5000000', 'Merchant')]), new Set([MERCHANT_ACCOUNT]));
  expect(found.map((t) => t.amountBase)).toEqual([3_000_000n, 2_000_000n]);
});

test('a failed transaction, or one into no followed account, has no incoming transfers', () => {
  const balances = [[balance(1, '9000000', PAYER)], [balance(1, '9000000', PAYER)]] as const;
  expect(incomingTransfers(tx([...balances[0]], [...balances[1]], { InstructionError: [0, { Custom: 1 }] }), new Set([MERCHANT_ACCOUNT]))).toEqual([]);
  expect(incomingTransfers(tx([...balances[0]], [...balances[1]]), new Set(['SomeoneElse111']))).toEqual([]);
});
