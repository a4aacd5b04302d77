import { encode } from 'uqr';

/** A QR code as SVG squares (no markup strings): dark modules on white, with the quiet zone. */
export function PhoneQr({ text, size = 208 }: { text: string; size?: number }) {
  const { data, size: modules } = encode(text, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      role="img"
      aria-label="QR code that opens the camera on your phone"
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={cells.join('')} fill="#111" />
    </svg>
  );
}
