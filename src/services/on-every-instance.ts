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
