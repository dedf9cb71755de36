import { getContractAddress } from 'viem';
import { toEvmAddress, toTronBase58 } from '../address-format.js';

/**
 * The TRON devnet's test accounts: the public "test test … junk" mnemonic at TRON's derivation path
 * m/44'/195'/0'/0/i, so TronWeb's `fromMnemonic` (whose default path this is) reproduces them. Public
 * keys for a test chain, never for money. Checked against TronWeb in the tests.
 */

/** Account #0: deploys the test USDT and must send nothing else (its nonce 0 fixes the token's address). */
export const TRON_DEVNET_DEPLOYER_KEY = '15f0bbb1774be40b7a8d7965d637f324bda2f711fc5726a3dcc19585c6950954';
export const TRON_DEVNET_DEPLOYER_ADDRESS = 'TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6';

/** Accounts #1–#3: test wallets that pay sessions, given TRX on a fresh chain. */
export const TRON_DEVNET_PAYER_KEYS: readonly string[] = [
  '9b6ac6a6faf1dc64240f654475a7e668141e4205262367feb7269ef332113929',
  '0c88a7fee5bfbe5a354c225bfa8a9d09557466cdf56f887cc2d000e7354f9453',
  '68c9a7dcaa4677fdeba9f72c8a1d86d0adf34932cdbdb52d90a2d01504d9d4be',
];
export const TRON_DEVNET_PAYER_ADDRESSES: readonly string[] = [
  'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C',
  'TB7mhtkvfhsRBRhe5FuRa4tFXSEyGDe4eA',
  'TEb822rMZ5QkYReuqdqK61zkheaan97PZZ',
];

/**
 * Account #10: the faucet, given TRX on a fresh chain, that funds other test wallets (the test refund
 * wallet) with TRX and test USDT, so that they send nothing but their own payouts.
 */
export const TRON_DEVNET_FAUCET_KEY = '0f3f9e6e0e5852633037bac2027ed1348d0f838a074606a97fbb25e2fa73bdd5';
export const TRON_DEVNET_FAUCET_ADDRESS = 'TQJXL6yjWWMwHBG7Pc8ofcsoChoyzMx6EJ';

/** TRX (in sun, 6 decimals) each payer and the faucet get on a fresh chain: 1,000,000 TRX. */
export const TRON_DEVNET_INITIAL_SUN = 1_000_000n * 1_000_000n;

/**
 * Where the test USDT lives on every TRON devnet. The stand-in deploys it through anvil, so its address
 * follows the EVM rule (deployer and nonce), not TRON's (deployer and transaction id).
 */
export const TRON_DEVNET_USDT_ADDRESS = toTronBase58(
  getContractAddress({ from: toEvmAddress(TRON_DEVNET_DEPLOYER_ADDRESS), nonce: 0n }),
);

/**
 * The stand-in's test DAI (18 decimals, as live DAI): a token TRON does not offer, watched as an extra
 * token so that unmatched deposits (`unsupported_token`) can be tried in test mode. The deployer's next
 * nonce after USDT, so a chain made before it (issue 17) gets it at its next start.
 */
export const TRON_DEVNET_DAI = {
  symbol: 'DAI',
  address: toTronBase58(getContractAddress({ from: toEvmAddress(TRON_DEVNET_DEPLOYER_ADDRESS), nonce: 1n })),
  decimals: 18,
} as const;
