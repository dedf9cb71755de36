import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  type Address,
  type Base64EncodedWireTransaction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { secretKeyBytes, type SecretKey58 } from './test-keys.js';

/**
 * The devnet's wallet side, in @solana/kit (a dependency: `serve` in test mode funds with it, and
 * `stablepos devnet pay` pays with it): test mints' minting, and a Solana Pay transfer as a wallet builds
 * it. The tests check what it does with an independent library (@solana/web3.js 1.x).
 */

export type SolanaRpc = ReturnType<typeof createSolanaRpc>;

export const rpcOf = (url: string): SolanaRpc => createSolanaRpc(url);

export const signerOf = (key: SecretKey58): Promise<KeyPairSigner> => createKeyPairSignerFromBytes(secretKeyBytes(key));

/** `owner`'s associated token account of `mint`, whose program is `program` (the classic Token program by default). */
export async function associatedTokenAccount(owner: string, mint: string, program: string = TOKEN_PROGRAM_ADDRESS): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: address(program) });
  return ata;
}

/**
 * Mints `amount` base units of `mint` (of `program`, the classic Token program by default) into
 * `owner`'s associated token account, creating it if missing; `feePayer` pays the fee and the rent.
 */
export async function mintToOwner(
  rpc: SolanaRpc,
  {
    feePayer,
    mintAuthority,
    mint,
    owner,
    amount,
    decimals,
    waitMs,
    program = TOKEN_PROGRAM_ADDRESS,
  }: { feePayer: KeyPairSigner; mintAuthority: KeyPairSigner; mint: string; owner: string; amount: bigint; decimals: number; waitMs: number; program?: string },
): Promise<string> {
  const ata = await associatedTokenAccount(owner, mint, program);
  // Token-2022's MintToChecked has the classic instruction's layout: only the program differs.
  return sendAndConfirm(rpc, feePayer, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: feePayer, ata, owner: address(owner), mint: address(mint), tokenProgram: address(program) }),
    getMintToCheckedInstruction({ mint: address(mint), token: ata, mintAuthority, amount, decimals }, { programAddress: address(program) }),
  ], waitMs);
}

/**
 * A Solana Pay transfer request paid as wallets pay it: `transferChecked` from the payer's associated
 * token account to the recipient's, with the request's reference appended to the instruction as a
 * read-only non-signer account (that is how the merchant finds the payment). Like a wallet, it does
 * not create the recipient's token account: paying into a missing one fails.
 * @throws Error when the recipient has no token account of the mint
 */
export async function payTransferRequest(
  rpc: SolanaRpc,
  { payer, recipient, mint, reference, amount, decimals, waitMs }: { payer: KeyPairSigner; recipient: string; mint: string; reference: string; amount: bigint; decimals: number; waitMs: number },
): Promise<string> {
  const destination = await associatedTokenAccount(recipient, mint);
  const { value } = await rpc.getAccountInfo(destination, { encoding: 'base64', commitment: 'confirmed' }).send();
  if (value === null) throw new Error(`the recipient ${recipient} has no token account of ${mint} (${destination}): a wallet cannot pay into a missing one`);
  const transfer = getTransferCheckedInstruction({
    source: await associatedTokenAccount(payer.address, mint),
    mint: address(mint),
    destination,
    authority: payer,
    amount,
    decimals,
  });
  const withReference: Instruction = { ...transfer, accounts: [...transfer.accounts, { address: address(reference), role: AccountRole.READONLY }] };
  return sendAndConfirm(rpc, payer, [withReference], waitMs);
}

/**
 * A token the recipient was never asked for, sent as a wallet sends any token: it opens the
 * recipient's associated token account if missing (Phantom does, the sender paying the rent), then
 * `transferChecked` into it, with `reference` appended as Solana Pay would (a customer who scanned a
 * sale's code and picked another coin). Such a transfer pays nothing: the app records it as an
 * unmatched deposit.
 */
export async function sendTokenTo(
  rpc: SolanaRpc,
  { payer, recipient, mint, program, reference, amount, decimals, waitMs }: { payer: KeyPairSigner; recipient: string; mint: string; program: string; reference?: string; amount: bigint; decimals: number; waitMs: number },
): Promise<string> {
  const destination = await associatedTokenAccount(recipient, mint, program);
  const transfer = getTransferCheckedInstruction(
    { source: await associatedTokenAccount(payer.address, mint, program), mint: address(mint), destination, authority: payer, amount, decimals },
    { programAddress: address(program) },
  );
  const withReference: Instruction = reference === undefined ? transfer : { ...transfer, accounts: [...transfer.accounts, { address: address(reference), role: AccountRole.READONLY }] };
  return sendAndConfirm(rpc, payer, [
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: address(recipient), mint: address(mint), tokenProgram: address(program) }),
    withReference,
  ], waitMs);
}

/** A v0 transaction of `instructions`, paid by `feePayer`, on the latest confirmed blockhash, signed. */
export async function signV0(rpc: SolanaRpc, feePayer: KeyPairSigner, instructions: Instruction[]): Promise<{ wire: Base64EncodedWireTransaction; signature: Signature }> {
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return { wire: getBase64EncodedWireTransaction(signed), signature: getSignatureFromTransaction(signed) };
}

/**
 * Signs and sends a v0 transaction, then waits until it is confirmed.
 * @throws Error when it failed, or was not confirmed within `waitMs`
 */
export async function sendAndConfirm(rpc: SolanaRpc, feePayer: KeyPairSigner, instructions: Instruction[], waitMs: number): Promise<string> {
  const { wire, signature } = await signV0(rpc, feePayer, instructions);
  await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature;
    if (Date.now() > deadline) throw new Error(`transaction ${signature} was not confirmed within ${waitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
