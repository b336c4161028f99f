/**
 * Where sign-in may send the customer afterwards (`/login?next=…`): a path on this site only.
 * Anything that could leave it is refused: another origin, a scheme, `//host` or `/\host`
 * (browsers read both as another host), control characters, the API, or the sign-in page itself.
 * Returns the path with its query, or null.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://bank.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://bank.invalid') return null;
  // What is returned is the normalised path, so that is what must still be one path on this
  // site: `/.//evil.example`, `/%2e//evil.example` and `/a/..//evil.example` all normalise to
  // `//evil.example`, which a browser reads as another host.
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//') || url.pathname.includes('\\')) return null;
  if (url.pathname.startsWith('/api/') || url.pathname === '/login' || url.pathname === '/logout') return null;
  return url.pathname + url.search;
}
