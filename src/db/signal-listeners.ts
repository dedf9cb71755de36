/**
 * The subscribers of one instance's change signals, by topic, and of its resyncs: what both stores'
 * signal implementations deliver to (sqlite-signals.ts, pg/pg-signals.ts). A listener that throws is
 * reported and does not keep the others from hearing.
 */
export class SignalListeners {
  private readonly byTopic = new Map<string, Set<(payload: string, fromHere: boolean) => void>>();
  private readonly resyncs = new Set<() => void>();

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  subscribe(topic: string, listener: (payload: string, fromHere: boolean) => void): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    // Wrapped: the same function subscribed twice is two subscriptions, each with its own unsubscribe.
    const entry = (payload: string, fromHere: boolean) => listener(payload, fromHere);
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  onResync(listener: () => void): () => void {
    const entry = () => listener();
    this.resyncs.add(entry);
    return () => {
      this.resyncs.delete(entry);
    };
  }

  deliver(topic: string, payload: string, fromHere: boolean): void {
    for (const listener of [...(this.byTopic.get(topic) ?? [])]) this.guard(() => listener(payload, fromHere));
  }

  resync(): void {
    for (const listener of [...this.resyncs]) this.guard(listener);
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.onError(err);
    }
  }
}
