/**
 * The whole surface the Electron shell hands to the page, as `window.stablepos`.
 *
 * Type-only on purpose: the renderer imports it with `import type`, so nothing from the Node side can
 * end up in the UI bundle. Keep it this small: the page talks to the core over HTTP like any other
 * client, and this only tells it where the core is and which bearer token this launch accepts.
 */
export interface StableposBridge {
  /** Origin of the core's HTTP server for this launch, e.g. `http://127.0.0.1:41234`. */
  readonly apiBaseUrl: string;
  /** Per-launch secret the core accepts as the UI's bearer token. */
  readonly uiToken: string;
}
