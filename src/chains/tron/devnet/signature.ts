import { recoverAddress } from 'viem';
import { toTronBase58, toTronHex, type TronHexAddress } from '../address-format.js';

/**
 * The owner's signature check of java-tron (`TransactionCapsule.validatePubSignature` with the
 * account's default owner permission: one key, the owner's own, threshold 1): every signature must
 * recover to the owner. Multi-signature permissions are not modelled.
 * @returns null when the transaction is signed by its owner, otherwise java-tron's reason (the text
 * after "Validate signature error: ").
 */
export async function signatureProblem(txId: string, signatures: readonly string[], owner: TronHexAddress): Promise<string | null> {
  if (signatures.length === 0) return 'miss sig or contract';
  // The default owner permission holds one key.
  if (signatures.length > 1) return `Signature count is ${signatures.length} more than key counts of permission : 1`;
  for (const signature of signatures) {
    if (signature.length < 130) return `Signature size is ${signature.length / 2}`;
    const signer = await recoverSigner(txId, signature);
    if (typeof signer !== 'string') return signer.problem;
    if (signer !== owner) return `${signature} is signed by ${toTronBase58(signer)} but it is not contained of permission.`;
  }
  return null;
}

/** The `41…` address that produced `signature` (r ‖ s ‖ v, extra bytes ignored as java-tron does). */
async function recoverSigner(txId: string, signature: string): Promise<TronHexAddress | { problem: string }> {
  // java-tron takes v as 27/28 and adds 27 to a 0/1.
  let v = Number.parseInt(signature.slice(128, 130), 16);
  if (v < 27) v += 27;
  if (v !== 27 && v !== 28) return { problem: `Header byte out of range: ${v}` };
  try {
    const evm = await recoverAddress({
      hash: `0x${txId}`,
      signature: { r: `0x${signature.slice(0, 64)}`, s: `0x${signature.slice(64, 128)}`, yParity: v - 27 },
    });
    return toTronHex(evm);
  } catch (error) {
    return { problem: (error as Error).message.split('\n')[0] ?? 'invalid signature' };
  }
}
