/**
 * The live rehearsal on BNB Smart Chain: anvil with chain id 56, USDT and USDC with their 18 decimals, behind the fault-injecting endpoint, in
 * live mode (issue 27, item 8). The scenarios are test/helpers/live-rehearsal-evm.ts's, the same on both networks.
 */
import { rehearseEvm } from '../helpers/live-rehearsal-evm.js';

rehearseEvm('bsc');
