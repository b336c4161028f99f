/**
 * The Caddyfile of the proxy projects (playwright.config.ts): deploy/Caddyfile's shape on
 * localhost, with Caddy's internal CA instead of Let's Encrypt. Caddy believes X-Forwarded-For
 * from 127.0.0.1 (trusted_proxies), standing for a load balancer in front of it: a test on
 * 127.0.0.1 can say which client it is, as that balancer would, while a client on any other
 * address (127.0.0.2 in the spec) gets its X-Forwarded-For replaced by its own address.
 */
export function testCaddyfile({ proxyPort, appPort }: { proxyPort: number; appPort: number }): string {
  return `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	log {
		level ERROR
	}
}

https://localhost:${proxyPort} {
	tls internal
	reverse_proxy 127.0.0.1:${appPort} {
		trusted_proxies 127.0.0.1/32
	}
}
`;
}
