import jsqrModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS: Node hands its module.exports (the function) to a default import, while its
// types describe an ES module whose default export is the function. Take whichever is callable.
const jsQR = ((jsqrModule as unknown as { default?: unknown }).default ?? jsqrModule) as unknown as typeof jsqrModule.default;

/** The text of the QR code in a PNG screenshot, or null when none is found. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
