/**
 * `window.stablepos`, put there by the Electron preload; absent when the UI runs in a plain
 * browser against the headless server. Type-only import: nothing from main/ reaches this bundle.
 */
import type { StableposBridge } from '../../main/bridge.js';

declare global {
  interface Window {
    readonly stablepos?: StableposBridge;
  }
}

export function bridge(): StableposBridge | undefined {
  return window.stablepos;
}
