/**
 * The whole surface the Electron shell hands to the page, as `window.stablepos`.
 *
 * Type-only on purpose: the renderer imports it with `import type`, so nothing from the Node side can
 * end up in the UI bundle. Keep it this small: the page talks to the core over HTTP like any other
 * client, and this only tells it where the core is, the token that proves this launch's window, and
 * the one thing only the shell can do: print on the computer's own (system) printer.
 */
export interface StableposBridge extends BridgeValues {
  /**
   * Prints a paid session's receipt page on the system's default printer, without a dialog
   * (Electron's `webContents.print({ silent: true })`): for a shop whose receipt printer is attached
   * to this computer (USB) rather than on the network. Resolves with whether it printed and why not.
   */
  printReceipt(sessionId: string): Promise<SystemPrintResult>;
}

/** What a system print came to: `error` in plain words when it did not print. */
export interface SystemPrintResult {
  printed: boolean;
  error: string | null;
}

/** The bridge's values, which the main process hands the preload (functions cannot cross a sync IPC). */
export interface BridgeValues {
  /** Origin of the core's HTTP server for this launch, e.g. `http://127.0.0.1:41234`. */
  readonly apiBaseUrl: string;
  /**
   * Per-launch secret that proves a request comes from this window (header `Stablepos-App-Token`):
   * the core accepts PIN sign-in only with it. Not a bearer: the user still signs in with a PIN.
   */
  readonly uiToken: string;
}
