import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY's proxies: which TCP peers may tell the app, in X-Forwarded-For and
 * X-Forwarded-Proto, who the client is and how it came (http/forwarded.ts reads the headers).
 * Read when the configuration is parsed, so it lives below both the configuration and the edge.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'peer' } | { kind: 'list'; list: BlockList; text: string };

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
