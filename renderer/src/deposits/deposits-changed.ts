/**
 * The inbox tells the navigation's count that the deposits may have changed (read again, or one just
 * resolved), so the number beside "Deposits" never lags what the screen shows.
 */
const EVENT = 'stablepos:deposits-changed';

export function announceDepositsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** @returns the function that stops listening */
export function onDepositsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
