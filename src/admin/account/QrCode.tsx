import type { TwoStepSetup } from '../api.ts';

/** Modules of white around the code: the quiet zone a scanner needs. */
const QUIET = 4;

/**
 * A QR code drawn from the server's path data (dark modules as unit squares) in an <svg> of this
 * page: no HTML is inserted and no data: address is loaded, so the staff page's CSP stays as it is.
 */
export function QrCode({ qr, label }: { qr: TwoStepSetup['qr']; label: string }) {
  const side = qr.size + 2 * QUIET;
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${side} ${side}`}
      width={side * 5}
      height={side * 5}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qr.path} transform={`translate(${QUIET} ${QUIET})`} fill="#000" />
    </svg>
  );
}
