/** A deposit as the inbox reads it: the core's own deposit object (api-types.ts). */
export type { Deposit as DepositObject } from '../api-types.js';
