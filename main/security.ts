/**
 * Hardening that applies to every web page the app ever creates, after Electron's security
 * checklist: the window may show the core's own pages and nothing else, may not open windows, may
 * not embed webviews and gets no permissions (camera, notifications, …) it did not need so far.
 *
 * Hooked on `web-contents-created` so a page created later (devtools aside) cannot escape it.
 */
import { app, session, shell } from 'electron';

/** Opens a link in the system browser, but only https: never file:, javascript:, custom schemes. */
function openExternally(url: string): void {
  if (parseOrigin(url)?.startsWith('https://')) void shell.openExternal(url);
}

function parseOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Call once, before the first window, with the core's origin (`http://127.0.0.1:PORT`): the only
 * origin pages may navigate within.
 */
export function hardenApp(trustedOrigin: string): void {
  const isTrusted = (url: string): boolean => parseOrigin(url) === trustedOrigin;

  app.on('web-contents-created', (_event, contents) => {
    // Links and redirects leaving the core: cancelled; https ones go to the system browser instead.
    contents.on('will-frame-navigate', (event) => {
      if (isTrusted(event.url)) return;
      event.preventDefault();
      if (event.isMainFrame) openExternally(event.url);
    });
    contents.on('will-redirect', (event) => {
      if (!isTrusted(event.url)) event.preventDefault();
    });

    // No second window, ever: window.open and target=_blank open https in the system browser.
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url);
      return { action: 'deny' };
    });

    // <webview> would host arbitrary content with its own preferences; the UI has no use for it.
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  // Nothing the UI does today needs a permission; grant them one by one when a screen needs one.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.setDevicePermissionHandler(() => false);
}
