/**
 * The live rehearsal on Ethereum: anvil with chain id 1, behind the fault-injecting endpoint, in
 * live mode (issue 27, item 8). The scenarios are test/helpers/live-rehearsal-evm.ts's, the same on both networks.
 */
import { rehearseEvm } from '../helpers/live-rehearsal-evm.js';

rehearseEvm('ethereum');
