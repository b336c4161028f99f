import { forwardedClient, type ForwardedClient } from './forwarded.ts';
import { publicUrl } from '../net/public-origin.ts';

/**
 * Every read of "who is asking, and over what" goes through here: the session record, the
 * per-address limits and the logs (requestMeta in api.ts), the origin checks, the cookies'
 * __Host-/Secure and HSTS (the middleware and the pages that set cookies).
 */
type RequestContext = { request: Request; url: URL; clientAddress: string; locals: App.Locals };

/** The TCP peer: the adapter's clientAddress (the socket's address; Astro has no allowedDomains here, so it never reads X-Forwarded-For). */
export function peerAddress(context: { clientAddress: string }): string | null {
  try {
    return context.clientAddress;
  } catch {
    // The adapter may not know the address (e.g. in tests).
    return null;
  }
}

export function clientOf(context: Omit<RequestContext, 'url'>): ForwardedClient {
  return forwardedClient(peerAddress(context), context.request.headers, context.locals.app.config.trustProxy);
}

/**
 * The URL the customer's browser used: PUBLIC_ORIGIN's, or https when a trusted proxy says so, or
 * the request's own. On the back office's own listener (OPS_PORT) PUBLIC_ORIGIN is the customers'
 * address, not the one staff use: there the request's own, upgraded to https when a trusted proxy says so.
 */
export function publicUrlOf(context: RequestContext): URL {
  const { config } = context.locals.app;
  if (!config.publicOrigin && config.trustProxy.kind === 'none') return context.url;
  return publicUrl(context.url, context.locals.listener === 'ops' ? null : config.publicOrigin, clientOf(context).protocol);
}
