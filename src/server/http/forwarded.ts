import { BlockList, isIP } from 'node:net';

/**
 * Who the client is and how it reached us, when the app runs behind a reverse proxy.
 *
 * TRUST_PROXY names the proxies (or `true`: the TCP peer, whoever it is, is the one proxy in
 * front). Only a request whose TCP peer is trusted has its X-Forwarded-For / X-Forwarded-Proto
 * read; from anyone else they are ignored. X-Forwarded-For is walked from the right (the entry
 * the nearest proxy appended) past trusted proxies to the first untrusted address: that is the
 * client. The left-most entry is whatever the client typed and is never taken.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'peer' } | { kind: 'list'; list: BlockList; text: string };

export type ForwardedClient = {
  /** The client's address, for limits, sessions and logs (null when the adapter knows none). */
  address: string | null;
  /** The protocol the client used, when a trusted proxy said so (null: not said). */
  protocol: 'http' | 'https' | null;
};

/** "127.0.0.1", "[::1]", "::ffff:10.0.0.1" → a bare address and its family, or null when malformed. */
export function normaliseAddress(text: string | null | undefined): { address: string; family: 'ipv4' | 'ipv6' } | null {
  if (!text) return null;
  let value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  // An IPv6 zone (fe80::1%eth0) names an interface on the proxy's machine, not a client.
  if (value.includes('%')) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1]!;
  const family = isIP(value);
  if (family === 4) return { address: value, family: 'ipv4' };
  if (family === 6) return { address: value.toLowerCase(), family: 'ipv6' };
  return null;
}

/**
 * TRUST_PROXY: unset/empty/`false` → none; `true` → the TCP peer; otherwise a comma list of
 * addresses and CIDR ranges (IPv4 or IPv6). Returns an error message for anything else.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy | { error: string } {
  const value = (text ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false') return { kind: 'none' };
  if (value.toLowerCase() === 'true') return { kind: 'peer' };
  const list = new BlockList();
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    const [host, bits, extra] = entry.split('/');
    const address = normaliseAddress(host);
    if (!address || extra !== undefined) return { error: `"${entry}" is not an IP address or CIDR range` };
    if (bits === undefined) {
      list.addAddress(address.address, address.family);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!(prefix >= 0 && prefix <= (address.family === 'ipv4' ? 32 : 128))) return { error: `"${entry}" has a bad prefix length` };
    list.addSubnet(address.address, prefix, address.family);
  }
  return { kind: 'list', list, text: value };
}

export function isTrustedProxy(address: string | null, trust: TrustProxy): boolean {
  const parsed = normaliseAddress(address);
  if (!parsed || trust.kind === 'none') return false;
  if (trust.kind === 'peer') return true;
  return trust.list.check(parsed.address, parsed.family);
}

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
