/**
 * A QR code drawn as inline SVG (the page's CSP allows no data: images): one path of dark modules,
 * with a quiet zone, exposed to assistive technology as an image with its own name.
 */
import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET = 2;

export function QrCode({ text, label, size = 256 }: { text: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
    return { path: d, extent: n + 2 * QUIET };
  }, [text]);
  return (
    <svg className="qr" role="img" aria-label={label} viewBox={`0 0 ${extent} ${extent}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
