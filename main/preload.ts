/**
 * Preload for the app window. It runs sandboxed (no Node, a `require` limited to Electron's own
 * modules), which is why electron-vite builds it as one CommonJS file (`out/preload/index.cjs`).
 *
 * It exposes exactly one object, `window.stablepos`, and one function on it: `printReceipt`, which
 * asks the main process to print a session's receipt page (of the core's origin, by session id: the
 * page names nothing else). No `ipcRenderer`, no other way in: a compromised page can learn where the
 * API is and the token it already uses, and print receipts, but cannot otherwise reach the main process.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNEL, PRINT_CHANNEL } from './bridge-channel.js';
import type { BridgeValues, StableposBridge, SystemPrintResult } from './bridge.js';

function readBridge(): BridgeValues | undefined {
  // Synchronous so `window.stablepos` exists before the page's first script runs; the main process
  // answers from memory, so the renderer is blocked for microseconds only.
  const reply: unknown = ipcRenderer.sendSync(BRIDGE_CHANNEL);
  if (typeof reply !== 'object' || reply === null) return undefined; // not our page: main said no
  const { apiBaseUrl, uiToken } = reply as Record<string, unknown>;
  if (typeof apiBaseUrl !== 'string' || typeof uiToken !== 'string') return undefined;
  return { apiBaseUrl, uiToken };
}

const bridge = readBridge();
if (bridge) {
  // Copy field by field so the exposed object is exactly the bridge, whatever else `reply` held.
  contextBridge.exposeInMainWorld('stablepos', {
    apiBaseUrl: bridge.apiBaseUrl,
    uiToken: bridge.uiToken,
    printReceipt: (sessionId: string) => ipcRenderer.invoke(PRINT_CHANNEL, String(sessionId)) as Promise<SystemPrintResult>,
  } satisfies StableposBridge);
}
