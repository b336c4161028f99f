// Astro's Node adapter answers a URL it cannot percent-decode with a bare "400 Bad request."
// (no content type) before the app sees it. Under /api every answer is the JSON envelope
// (API.md), so the server answers those itself, in the envelope, before handing over.

/** Whether the adapter would refuse this request line (it runs decodeURI on the whole of it). */
export function isUndecodable(url: string): boolean {
  try {
    decodeURI(url);
    return false;
  } catch {
    return true;
  }
}

export type PlainAnswer = { status: number; headers: Record<string, string>; body: string };

/** The envelope answer for an /api request the adapter cannot decode, or null to hand it on. */
export function undecodableApiAnswer(url: string): PlainAnswer | null {
  const path = url.split('?')[0]!;
  if (!(path === '/api' || path.startsWith('/api/')) || !isUndecodable(url)) return null;
  return {
    status: 400,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    },
    body: JSON.stringify({ success: false, message: 'The address of this request is not valid percent-encoding.', code: 'MALFORMED_REQUEST' }),
  };
}
