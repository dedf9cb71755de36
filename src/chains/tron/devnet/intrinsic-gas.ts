/**
 * The part of an EVM transaction's gas that is not execution: 21,000 plus 4 per zero and 16 per
 * other byte of call data (EIP-2028). TRON charges no energy for it (the bytes cost bandwidth
 * instead), so the stand-in reports energy as anvil's gas used minus this.
 */
export function intrinsicGas(dataHex: string): number {
  let gas = 21_000;
  for (let i = 0; i + 1 < dataHex.length; i += 2) gas += dataHex.slice(i, i + 2) === '00' ? 4 : 16;
  return gas;
}
