/**
 * The app window: one page, the core's own UI, with every Node door closed. The page gets its API
 * location and token from the preload bridge, nothing else.
 */
import { BrowserWindow, type Rectangle } from 'electron';
// `?asset` turns the import into the file's path at run time (resources/ is electron-vite's public
// folder, so the path points at resources/icon.png itself). Windows and macOS take the icon from the
// packaged app instead; Linux needs it on the window.
import icon from '../resources/icon.png?asset';
import { preloadFile } from './paths.js';

const webPreferences = () => ({
  preload: preloadFile(),
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  spellcheck: false,
});

/**
 * The customer-facing display on a second screen: the same origin's `#/display` page, full screen,
 * showing only the sale's QR code and status (it uses public endpoints, no token).
 */
export function createDisplayWindow(url: string, bounds: Rectangle): BrowserWindow {
  const window = new BrowserWindow({
    ...bounds,
    title: 'stablepos — customer display',
    backgroundColor: '#ffffff',
    fullscreen: true,
    autoHideMenuBar: true,
    show: false,
    webPreferences: webPreferences(),
  });
  window.once('ready-to-show', () => window.show());
  window.loadURL(url).catch((error: unknown) => console.error(`stablepos: cannot load ${url}:`, error));
  return window;
}

export function createMainWindow(url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    title: 'stablepos',
    backgroundColor: '#f6f7f9', // the page's background, so no white flash before it paints
    show: false,
    ...(process.platform === 'linux' ? { icon } : {}),
    webPreferences: webPreferences(),
  });
  window.once('ready-to-show', () => window.show());
  // A failed load (core gone) shows Chromium's error page; log why for whoever started the app.
  window.loadURL(url).catch((error: unknown) => console.error(`stablepos: cannot load ${url}:`, error));
  return window;
}
