/**
 * What the UI knows about the core's health: loaded once at start and on demand. Kept in a store
 * rather than a component so later screens (a status bar, a banner) read the same answer.
 */
import { create } from 'zustand';
import { ApiError, getJson } from './api.js';

/** `GET /health` data; fields beyond `status` are shown when the core sends them. */
export interface Health {
  status: string;
  mode?: string;
  version?: string;
}

interface HealthState {
  /** `failed`: the core answered with an error; `unreachable`: no answer at all. */
  state: 'loading' | 'ready' | 'failed' | 'unreachable';
  health?: Health;
  error?: string;
  refresh(): Promise<void>;
}

export const useHealth = create<HealthState>()((set) => ({
  state: 'loading',
  async refresh() {
    set({ state: 'loading', error: undefined });
    try {
      set({ state: 'ready', health: await getJson<Health>('/health') });
    } catch (error) {
      set({
        state: error instanceof ApiError ? 'failed' : 'unreachable',
        health: undefined,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  },
}));
