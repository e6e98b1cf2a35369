import qrcode from 'qrcode-generator';

/**
 * QR codes, drawn by whoever needs one (the share poster's canvas, the Native pay sheet's SVG).
 * Import this lazily: qrcode-generator is kept out of the boot and home chunks.
 */

/** The QR modules of `text` (error correction M: survives a slightly blurred screenshot). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** One SVG path of the dark modules (a 1-module quiet zone), in a viewBox of `size` × `size` units; size = modules + 2. */
export function qrPath(text: string): { d: string; size: number } {
  const modules = qrModules(text);
  let d = '';
  modules.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) d += `M${c + 1} ${r + 1}h1v1h-1z`;
    });
  });
  return { d, size: modules.length + 2 };
}
