/**
 * The QR code of an otpauth:// address as SVG path data (dark modules as unit squares), for the
 * staff app to draw in an <svg> element of its own: no markup or data: URL travels, so nothing
 * needs to be inserted as HTML and the staff page's Content-Security-Policy needs no change.
 */
import QRCode from 'qrcode';

export interface QrPath {
  /** Modules per side (the quiet zone around it is the drawer's). */
  size: number;
  /** SVG path data: only M, h, v and z commands with whole numbers. */
  path: string;
}

export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  return { size: modules.size, path: parts.join('') };
}
