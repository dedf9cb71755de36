import QRCode from 'qrcode';

/** The options every checkout QR is drawn with; a test regenerating a QR must use the same. */
export const QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 2 } as const;

// A session's URIs stay the same until a payment changes what is due, so a page reload or the
// live view fetching fresh QRs after a partial payment draws nothing twice. Bounded, oldest out first.
const CACHE_SIZE = 512;
const cache = new Map<string, string>();

/**
 * The QR code of `text` as SVG markup (no scripts, no styles: only paths), to be put inline in the
 * page. Drawn only when the page is rendered, never on the API path.
 */
export async function qrSvg(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit !== undefined) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const svg = await QRCode.toString(text, QR_OPTIONS);
  cache.set(text, svg);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return svg;
}
