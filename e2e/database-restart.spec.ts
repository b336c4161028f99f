import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { ownPostgresAvailable, startOwnPostgres } from './support/own-postgres.ts';

/**
 * PostgreSQL goes away under a running server (an operator's restart, a failover) and comes back:
 * the server stays up, answers 503 with Retry-After while it is away (JSON UNAVAILABLE on the API,
 * a small page in the reader's language for pages), says not ready on /api/health/ready, and
 * serves again by itself once the database is back, without a restart. Its own cluster, its own
 * server: the suite's are never stopped.
 */
test('the server answers 503 with Retry-After while PostgreSQL is stopped and serves again when it is back', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'js-on', 'no browser involved: one run is enough');
  test.skip(!ownPostgresAvailable, 'needs the PostgreSQL binaries to make a cluster of its own');
  test.setTimeout(120_000);
  const postgres = await startOwnPostgres();
  let server: OwnServer | null = null;
  try {
    server = await startOwnServer('pg-restart', { DATABASE_URL: postgres.url, PIN_KEY: randomBytes(32).toString('base64'), DEVICE_BINDING: 'off', NEW_DEVICE_CAP_NAIRA: '0' });
    const api = (path: string, body?: unknown) => (body ? request.post(`${server!.origin}${path}`, { data: body }) : request.get(`${server!.origin}${path}`));
    const wrongPassword = { email: 'nobody@example.com', password: 'not the password at all 1234' };
    expect((await api('/api/health/ready')).status()).toBe(200);
    expect((await api('/api/v1/auth/login', wrongPassword)).status()).toBe(422);

    postgres.stop();
    const login = await api('/api/v1/auth/login', wrongPassword);
    expect(login.status(), await login.text()).toBe(503);
    expect(login.headers()['retry-after']).toMatch(/^\d+$/);
    expect(await login.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect((await api('/api/health/ready')).status()).toBe(503);
    // A page whose session must be read: the small page, in the reader's language, with a way back.
    const page = await request.get(`${server.origin}/dashboard`, { headers: { cookie: 'session=not-a-real-session-token', 'accept-language': 'yo' }, maxRedirects: 0 });
    expect(page.status()).toBe(503);
    expect(page.headers()['retry-after']).toMatch(/^\d+$/);
    const html = await page.text();
    expect(html).toContain('lang="yo"');
    expect(html).toContain('href="/dashboard"');
    // The process is still there: the liveness check answers without the database; /api/health says it is degraded.
    expect((await api('/api/health/live')).status()).toBe(200);
    expect(await (await api('/api/health')).json()).toMatchObject({ status: 'degraded', database: 'unavailable' });

    postgres.start();
    await expect.poll(async () => (await api('/api/health/ready')).status(), { timeout: 30_000 }).toBe(200);
    expect((await api('/api/v1/auth/login', wrongPassword)).status()).toBe(422);
  } finally {
    await server?.stop();
    postgres.remove();
  }
});
