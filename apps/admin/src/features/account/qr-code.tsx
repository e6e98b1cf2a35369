/**
 * A QR code as one SVG path, drawn with `qrcode-generator` (the same library the H5 app uses for
 * its pay sheet). Error correction M; a one-module quiet zone.
 */
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

export function QrCode({ text, size = 180, label }: { text: string; size?: number; label: string }) {
  const { d, modules } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let path = '';
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        if (qr.isDark(r, c)) path += `M${c + 1} ${r + 1}h1v1h-1z`;
      }
    }
    return { d: path, modules: n + 2 };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" data-testid="account-totp-qr">
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
