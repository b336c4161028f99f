/**
 * PUBLIC_ORIGIN (e.g. https://bank.example) is the origin customers' browsers use. Behind a
 * TLS-terminating proxy the request the app sees is plain http on an internal address, so the
 * origin checks, the cookies' __Host-/Secure and HSTS are all decided on the public URL instead:
 * the request's path and query on the public origin. Without PUBLIC_ORIGIN, a trusted proxy's
 * X-Forwarded-Proto: https upgrades the protocol; otherwise the request's own URL stands.
 */
export function parsePublicOrigin(text: string | undefined): { origin: string | null } | { error: string } {
  const value = (text ?? '').trim();
  if (value === '') return { origin: null };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'must be an absolute origin like https://bank.example' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'must start with https:// (or http://)' };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return { error: 'must be an origin only (scheme, host and port), with no path, query or credentials' };
  }
  if (value.replace(/\/$/, '') !== url.origin) return { error: `must be written as its origin, ${url.origin}` };
  return { origin: url.origin };
}

export function publicUrl(url: URL, publicOrigin: string | null, forwardedProtocol: 'http' | 'https' | null): URL {
  if (publicOrigin) return new URL(url.pathname + url.search, publicOrigin);
  if (forwardedProtocol === 'https' && url.protocol === 'http:') {
    const upgraded = new URL(url);
    upgraded.protocol = 'https:';
    return upgraded;
  }
  return url;
}
