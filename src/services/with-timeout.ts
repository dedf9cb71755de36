/**
 * `p`, or a rejection with `message` once `ms` have passed without it settling (the timer is cleared
 * either way). The work behind `p` is not stopped: the caller stops waiting for it.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, message = 'timed out'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
