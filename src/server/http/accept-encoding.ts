/**
 * The one reading of Accept-Encoding (RFC 9110 §12.5.3), for pages compressed per request
 * (compression.ts) and the build's precompressed assets (node/static-files.ts) alike: the coding
 * with the highest q among those we can send, brotli before gzip when they tie; `q=0` refuses a
 * coding, `*` stands for every coding not named; no header or no acceptable coding: none.
 */
export type Encoding = 'br' | 'gzip';

const ours: readonly Encoding[] = ['br', 'gzip'];

/** Each named coding and its weight (1 when no q is given; a q that is not a number refuses it). */
export function acceptedCodings(acceptEncoding: string | null | undefined): Map<string, number> {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const coding = name.trim();
    if (!coding) continue;
    const q = params.map((param) => /^\s*q\s*=\s*(.*?)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : /^(\d+(\.\d*)?|\.\d+)$/.test(q) ? Number(q) : 0;
    offered.set(coding, Math.min(weight, 1));
  }
  return offered;
}

/** The encoding to send for this Accept-Encoding: br, gzip, or none. */
export function chosenEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const offered = acceptedCodings(acceptEncoding);
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const coding of ours) {
    const weight = offered.get(coding) ?? offered.get('*') ?? 0;
    // Strictly more: on a tie the earlier (brotli, the smaller) stays.
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
