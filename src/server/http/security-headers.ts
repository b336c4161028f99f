/**
 * Headers on every response. Pages carry Astro's CSP (security.csp in astro.config.mjs, with
 * hashes for its scripts); everything else (API answers, redirects) gets the strict one here.
 */
export function securityHeaders(url: URL): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (url.protocol === 'https:') headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    return response;
  } catch {
    // Some responses carry immutable headers; copy them into a new response.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) if (!copy.headers.has(name)) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * CSRF for the JSON API. Astro's checkOrigin covers only form content types, so every
 * state-changing /api call must come from this origin when the browser says where it comes
 * from, and a cookie-authenticated one must say so. A Bearer client carries no ambient
 * credential and is not at risk, so the check is skipped only when the credential this request is
 * served with is the Bearer token (`via`, from the one reading of it, session-cookie.ts): an
 * Authorization header that is not one valid Bearer token leaves the cookie as the credential,
 * and the cookie's rule applies.
 */
export function apiOriginAllowed(request: Request, url: URL, via: 'bearer' | 'cookie' | null, carriesSessionCookie: boolean): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return true;
  if (via === 'bearer') return true;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === url.origin;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'same-origin' || fetchSite === 'none';
  return !carriesSessionCookie && via === null;
}
