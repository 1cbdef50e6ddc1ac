import { encode } from 'uqr';

/** A QR code as one SVG path: `size` modules square (quiet zone included), `d` draws the dark ones. */
export type QrPath = { size: number; d: string };

/** Quiet zone around the code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code (error correction M: a TV screen photographed from a sofa). Each dark module is
 * a 1×1 square of the path, row by row, runs of dark modules merged into one rectangle.
 */
export function qrPath(text: string): QrPath {
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  let d = '';
  for (let y = 0; y < size; y++) {
    const row = data[y]!;
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (x + run < size && row[x + run]) run++;
      d += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return { size, d };
}
