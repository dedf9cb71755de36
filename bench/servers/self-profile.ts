import { Session } from 'node:inspector/promises';
import type { CpuProfile } from '../cpu-categories.js';

/**
 * A server child's CPU profile of its own main thread, taken through node:inspector on the parent's
 * request (`profile-start` / `profile-stop`), so the bench profiles exactly the round it chooses
 * rather than the whole life of the process as --cpu-prof does. The inspector session samples only
 * the thread it is opened on: worker threads are not in the profile.
 */
export class SelfProfile {
  private session: Session | undefined;

  /** Starts sampling every `intervalUs` µs. */
  async start(intervalUs: number): Promise<void> {
    if (this.session) throw new Error('a profile is already being taken');
    const session = new Session();
    session.connect();
    try {
      await session.post('Profiler.enable');
      // Must come before Profiler.start to apply to it.
      await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
      await session.post('Profiler.start');
    } catch (err) {
      session.disconnect();
      throw err;
    }
    this.session = session;
  }

  /** Stops sampling and returns the profile since start(). */
  async stop(): Promise<CpuProfile> {
    const session = this.session;
    if (!session) throw new Error('no profile is being taken');
    this.session = undefined;
    try {
      const { profile } = await session.post('Profiler.stop');
      return profile as CpuProfile;
    } finally {
      session.disconnect();
    }
  }
}
