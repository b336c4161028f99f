import { isTrustedProxy, normaliseAddress, type TrustProxy } from '../net/trust-proxy.ts';

export { isTrustedProxy, normaliseAddress, parseTrustProxy, type TrustProxy } from '../net/trust-proxy.ts';

/**
 * Who the client is and how it reached us, when the app runs behind a reverse proxy.
 *
 * TRUST_PROXY names the proxies (or `true`: the TCP peer, whoever it is, is the one proxy in
 * front). Only a request whose TCP peer is trusted has its X-Forwarded-For / X-Forwarded-Proto
 * read; from anyone else they are ignored. X-Forwarded-For is walked from the right (the entry
 * the nearest proxy appended) past trusted proxies to the first untrusted address: that is the
 * client. The left-most entry is whatever the client typed and is never taken.
 */
export type ForwardedClient = {
  /** The client's address, for limits, sessions and logs (null when the adapter knows none). */
  address: string | null;
  /** The protocol the client used, when a trusted proxy said so (null: not said). */
  protocol: 'http' | 'https' | null;
};

function forwardedProtocol(header: string | null): 'http' | 'https' | null {
  if (header === null) return null;
  // The nearest proxy's word is the right-most value.
  const value = header.split(',').at(-1)!.trim().toLowerCase();
  return value === 'https' || value === 'http' ? value : null;
}

/** The one decision: the client's address and protocol from the TCP peer and the forwarded headers. */
export function forwardedClient(peer: string | null, headers: Headers, trust: TrustProxy): ForwardedClient {
  // An untrusted peer is the client, exactly as the socket reports it.
  if (!isTrustedProxy(peer, trust)) return { address: peer, protocol: null };
  const peerAddress = normaliseAddress(peer)!.address;
  const protocol = forwardedProtocol(headers.get('x-forwarded-proto'));
  const chain = (headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  // `true` trusts one hop: the peer. A list trusts every hop it names.
  let client = peerAddress;
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const hop = normaliseAddress(chain[index]);
    // A malformed entry ends the walk: the client is the last proxy that vouched for it.
    if (!hop) break;
    client = hop.address;
    if (trust.kind === 'peer' || !isTrustedProxy(hop.address, trust)) break;
  }
  return { address: client, protocol };
}
