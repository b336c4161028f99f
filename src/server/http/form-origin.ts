/**
 * CSRF for the pages: a state-changing request whose body a plain HTML form could send
 * (urlencoded, multipart, text/plain, or none at all) must come from this origin. This is
 * Astro's own `security.checkOrigin` rule, applied by the middleware instead of by Astro so that
 * /api keeps its JSON envelope: there `apiOriginAllowed` (security-headers.ts) decides, and lets
 * a Bearer or cookie-less client (a mobile app, a script) post forms without an Origin header.
 */
const formContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const safeMethods = ['GET', 'HEAD', 'OPTIONS'];

export function crossSiteFormPost(request: Request, url: URL): boolean {
  if (safeMethods.includes(request.method.toUpperCase())) return false;
  const sameOrigin = request.headers.get('origin') === url.origin;
  const type = request.headers.get('content-type');
  if (type === null) return !sameOrigin;
  return formContentTypes.some((formType) => type.toLowerCase().includes(formType)) && !sameOrigin;
}

export function crossSiteFormResponse(method: string): Response {
  return new Response(`Cross-site ${method} form submissions are forbidden`, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
