/** The contract's success envelope. */
export function ok<T>(data: T): { base: { code: 0; message: 'success' }; data: T } {
  return { base: { code: 0, message: 'success' }, data };
}
