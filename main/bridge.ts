/**
 * The whole surface the Electron shell hands to the page, as `window.stablepos`.
 *
 * Type-only on purpose: the renderer imports it with `import type`, so nothing from the Node side can
 * end up in the UI bundle. Keep it this small: the page talks to the core over HTTP like any other
 * client, and this only tells it where the core is and the token that proves this launch's window.
 */
export interface StableposBridge {
  /** Origin of the core's HTTP server for this launch, e.g. `http://127.0.0.1:41234`. */
  readonly apiBaseUrl: string;
  /**
   * Per-launch secret that proves a request comes from this window (header `Stablepos-App-Token`):
   * the core accepts PIN sign-in only with it. Not a bearer: the user still signs in with a PIN.
   */
  readonly uiToken: string;
}
