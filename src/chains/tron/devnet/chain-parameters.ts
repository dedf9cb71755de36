/**
 * `/wallet/getchainparameters`: TRON mainnet's governance parameters as java-tron prints them
 * (`{"chainParameter": [{"key", "value"}…]}`, `value` left out when it is 0), for the ones that price
 * resources. Mainnet's list has many more (mostly switches of past proposals); the stand-in models none
 * of them. Values as mainnet has them since August 2025, when the energy price went from 210 to 100 sun
 * (`/wallet/getenergyprices`: …, 1669603800000:420, 1726283400000:210, 1754644200000:100).
 *
 * The stand-in burns nothing (docs/payments.md): these are what a payout's fee check reads.
 */
export const MAINNET_CHAIN_PARAMETERS: readonly { key: string; value?: number }[] = [
  // Every 6 h the super representatives' votes are counted.
  { key: 'getMaintenanceTimeInterval', value: 21_600_000 },
  { key: 'getAccountUpgradeCost', value: 9_999_000_000 },
  // 0.1 TRX burnt when a transaction creates an account; 1 TRX when a system contract does.
  { key: 'getCreateAccountFee', value: 100_000 },
  // Sun burnt per byte of bandwidth an account lacks.
  { key: 'getTransactionFee', value: 1_000 },
  { key: 'getAssetIssueFee', value: 1_024_000_000 },
  { key: 'getCreateNewAccountFeeInSystemContract', value: 1_000_000 },
  { key: 'getCreateNewAccountBandwidthRate', value: 1 },
  { key: 'getAllowCreationOfContracts', value: 1 },
  { key: 'getRemoveThePowerOfTheGr', value: -1 },
  // Sun burnt per unit of energy an account lacks.
  { key: 'getEnergyFee', value: 100 },
  { key: 'getMaxCpuTimeOfOneTx', value: 80 },
  { key: 'getTotalEnergyCurrentLimit', value: 180_000_000_000 },
  { key: 'getMultiSignFee', value: 1_000_000 },
  { key: 'getUpdateAccountPermissionFee', value: 100_000_000 },
  // The highest fee_limit a transaction may set: 15,000 TRX.
  { key: 'getMaxFeeLimit', value: 15_000_000_000 },
  // Bandwidth every account gets free each day, and the network's staked bandwidth.
  { key: 'getFreeNetLimit', value: 600 },
  { key: 'getTotalNetLimit', value: 43_200_000_000 },
  { key: 'getMemoFee', value: 1_000_000 },
  { key: 'getAllowDynamicEnergy', value: 1 },
];
