import { createTestClient, createWalletClient, erc20Abi, type Hex, http, type PublicClient, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_TOKEN_ABI } from '../../anvil/test-token-artifact.js';
import { PAYOUT_GAS } from '../refund-payout.js';
import { type Devnet, DEVNET_FAUCET_KEY } from './devnet.js';

/**
 * Test mode only: gives the refund wallet the devnet's gas coin (anvil_setBalance, not a transaction) and
 * test tokens up to `tokens` whole coins of each coin the network offers, minted to it by the devnet's faucet account (the test
 * tokens' `mint` is open to anyone), waiting until mined.
 *
 * The wallet itself never sends anything here: its nonces belong to its payouts alone. A payout is
 * signed and stored with its nonce before it is sent; if the app dies in between, the next start sends
 * those stored bytes. Funding sent from the wallet at that start would take the stored nonce first, and
 * the payout could never be mined (`nonce_taken`).
 */
export async function fundOnDevnet(devnet: Devnet, client: PublicClient, wallet: Address, tokens: bigint): Promise<void> {
  const test = createTestClient({ mode: 'anvil', chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const faucet = privateKeyToAccount(DEVNET_FAUCET_KEY);
  // Ether for gas to both: the faucet is not among anvil's accounts funded at genesis.
  await Promise.all([wallet, faucet.address].map((address) => test.setBalance({ address, value: 10n ** 22n })));
  const sender = createWalletClient({ account: faucet, chain: devnet.chain, transport: http(devnet.rpcUrl) });
  let nonce = await client.getTransactionCount({ address: faucet.address, blockTag: 'pending' });
  const hashes: Hex[] = [];
  for (const coin of devnet.coins) {
    const token = devnet.tokens[coin];
    const target = tokens * 10n ** BigInt(devnet.decimals[coin]);
    const have = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] });
    if (have >= target) continue;
    hashes.push(await sender.writeContract({ address: token, abi: TEST_TOKEN_ABI, functionName: 'mint', args: [wallet, target - have], nonce: nonce++, gas: PAYOUT_GAS }));
  }
  if (hashes.length && devnet.blockTimeSeconds === 0) await test.mine({ blocks: 1 }).catch(() => undefined);
  for (const hash of hashes) await client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 });
}
