/**
 * The system printer (the desktop app only): a paid session's receipt page printed silently on the
 * computer's default printer, for a receipt printer attached by USB, which the core (headless, raw
 * TCP) cannot reach. The page is the core's own public receipt page, loaded in a hidden window.
 */
import { BrowserWindow, ipcMain } from 'electron';
import { PRINT_CHANNEL } from './bridge-channel.js';
import type { SystemPrintResult } from './bridge.js';

/** The core's printable receipt page of a session (the receipts' `/pay/{id}/receipt`, public: the id is the capability). */
const receiptPage = (origin: string, sessionId: string): string => `${origin}/pay/${encodeURIComponent(sessionId)}/receipt`;
/** A session id as the core makes them; anything else is refused before a window is made. */
const SESSION_ID = /^[A-Za-z0-9_]{1,64}$/;
/** The whole print (load and spool) gives up after this long: a stuck print never holds the till. */
const PRINT_TIMEOUT_MS = 30_000;

/** Answers `printReceipt` for pages of the core's own origin only (like the bridge itself). */
export function serveSystemPrint(trustedOrigin: string): void {
  ipcMain.handle(PRINT_CHANNEL, async (event, sessionId: unknown): Promise<SystemPrintResult> => {
    let origin: string | undefined;
    try {
      origin = event.senderFrame ? new URL(event.senderFrame.url).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin !== trustedOrigin) return { printed: false, error: 'Printing is only offered to the app\'s own pages.' };
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return { printed: false, error: 'No such sale.' };
    return await printPage(receiptPage(trustedOrigin, sessionId));
  });
}

async function printPage(url: string): Promise<SystemPrintResult> {
  // Hidden, sandboxed, no preload: the receipt page needs nothing from the shell.
  const window = new BrowserWindow({ show: false, width: 302, height: 800, webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false } });
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = (async (): Promise<SystemPrintResult> => {
      let status = 0;
      window.webContents.once('did-navigate', (_event, _url, httpResponseCode) => {
        status = httpResponseCode;
      });
      await window.loadURL(url);
      if (status !== 200) return { printed: false, error: `The receipt page could not be opened (HTTP ${status}).` };
      return await new Promise<SystemPrintResult>((resolve) => {
        // 80 mm roll printers report their own paper; the page's CSS (@page) sizes the receipt.
        window.webContents.print({ silent: true, printBackground: true }, (success, failureReason) => {
          resolve(success ? { printed: true, error: null } : { printed: false, error: `The system printer did not print: ${failureReason || 'no reason given'}.` });
        });
      });
    })();
    const timeout = new Promise<SystemPrintResult>((resolve) => {
      timer = setTimeout(() => resolve({ printed: false, error: `The system printer did not answer within ${PRINT_TIMEOUT_MS / 1000} s.` }), PRINT_TIMEOUT_MS);
    });
    return await Promise.race([run, timeout]);
  } catch (err) {
    return { printed: false, error: `The receipt could not be printed: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    clearTimeout(timer);
    if (!window.isDestroyed()) window.destroy();
  }
}
