import type { ChangeSignals } from './ports.js';

/**
 * Runs `act(payload)` here at once, and on every other instance on the store when the signal arrives
 * (ports.ts, ChangeSignals): for what a change made here means to what each instance keeps in memory
 * or runs on its timers (a live feed's subscribers, a wake-up). Returns the function to call. A
 * signal that cannot be sent is reported; this instance has acted already.
 */
export function onEveryInstance(
  signals: ChangeSignals,
  topic: string,
  act: (payload: string) => void,
  onError: (message: string, err: unknown) => void,
): (payload: string) => void {
  signals.subscribe(topic, (payload, fromHere) => {
    if (!fromHere) act(payload);
  });
  return (payload) => {
    act(payload);
    signals.publish(topic, payload).catch((err: unknown) => onError(`the other instances could not be told (${topic})`, err));
  };
}

/**
 * For a change made inside a unit of work (which may run more than once, and roll back): `act(payload)`
 * runs on every instance, this one too, when the signal arrives, that is once the unit has
 * committed: once for the run that commits, never for a run rolled back. Returns the function to
 * call (and await) inside the unit; it only publishes. On PostgreSQL this instance hears its own
 * signal a moment after the commit, through its listening connection.
 */
export function atCommitOnEveryInstance(signals: ChangeSignals, topic: string, act: (payload: string) => void): (payload: string) => Promise<void> {
  signals.subscribe(topic, (payload) => act(payload));
  return async (payload) => await signals.publish(topic, payload);
}
