/**
 * The main-process side of the preload bridge: answers the preload's one synchronous question, and
 * only for pages of the core's own origin, so no other page (were one ever loaded) learns the token.
 */
import { ipcMain } from 'electron';
import { BRIDGE_CHANNEL } from './bridge-channel.js';
import type { BridgeValues } from './bridge.js';

export function serveBridge(bridge: BridgeValues): void {
  const trustedOrigin = new URL(bridge.apiBaseUrl).origin;
  ipcMain.on(BRIDGE_CHANNEL, (event) => {
    const frameUrl = event.senderFrame?.url;
    let origin: string | undefined;
    try {
      origin = frameUrl ? new URL(frameUrl).origin : undefined;
    } catch {
      origin = undefined;
    }
    // `null` tells the preload to expose nothing; a sync IPC must always get a return value.
    event.returnValue = origin === trustedOrigin ? bridge : null;
  });
}
