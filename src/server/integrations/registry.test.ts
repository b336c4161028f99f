import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { connect, type Db } from '../db/connection.ts';
import { createLogger } from '../log.ts';
import { systemClock } from '../core/clock.ts';
import { createIntegrations } from './registry.ts';
import type { Mailer } from './mail/ports.ts';

describe('the integrations registry', () => {
  const opened: { db: Db; dir: string }[] = [];
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  function context(env: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-registry-'));
    const config = parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dir, ...env });
    const db = connect(config.database);
    opened.push({ db, dir });
    return { config, db, clock: systemClock, log: createLogger('silent') };
  }

  it('uses the sandbox switch by default and none when INTERBANK_PROVIDER=disabled', () => {
    expect(createIntegrations(context({})).interbank).not.toBeNull();
    expect(createIntegrations(context({ INTERBANK_PROVIDER: 'disabled' })).interbank).toBeNull();
  });

  it('always has a biller and an identity check, and a mailer whether or not SMTP_URL is set', () => {
    const chosen = createIntegrations(context({}));
    expect(typeof chosen.biller.catalogue).toBe('function');
    expect(typeof chosen.identity).toBe('object');
    expect(typeof chosen.mailer.send).toBe('function');
    expect(typeof createIntegrations(context({ SMTP_URL: 'smtp://127.0.0.1:2525' })).mailer.send).toBe('function');
  });

  it('texts through the sandbox SMS gateway, one file a message in DATA_DIR/outbox/sms', async () => {
    const chosen = context({});
    await createIntegrations(chosen).sms.send({ to: '+2348031234567', text: 'Credit NGN100.00' });
    expect(fs.readdirSync(path.join(chosen.config.dataDir, 'outbox', 'sms'))).toEqual([expect.stringMatching(/-\+2348031234567\.txt$/)]);
  });

  it('texts through Termii when SMS_PROVIDER=termii, at TERMII_BASE_URL, and writes nothing to the outbox', async () => {
    const bodies: unknown[] = [];
    const termii = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push({ path: request.url, ...(JSON.parse(text) as object) });
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message_id: 77, message: 'Successfully Sent' }));
      });
    });
    await new Promise<void>((resolve) => termii.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(termii.address() as AddressInfo).port}`;
      const chosen = context({ SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TLkey-0123456789', TERMII_SENDER_ID: 'Harmattan', TERMII_BASE_URL: base });
      await createIntegrations(chosen).sms.send({ to: '+2348031234567', text: 'Credit NGN100.00' });
      expect(bodies).toEqual([{ path: '/api/sms/send', api_key: 'TLkey-0123456789', to: '2348031234567', from: 'Harmattan', sms: 'Credit NGN100.00', type: 'plain', channel: 'dnd' }]);
      expect(fs.existsSync(path.join(chosen.config.dataDir, 'outbox', 'sms'))).toBe(false);
    } finally {
      await new Promise((resolve) => termii.close(resolve));
    }
  });

  it('keeps what a test hands in, and chooses the rest', () => {
    const mailer: Mailer = { send: async () => {} };
    const chosen = createIntegrations(context({ INTERBANK_PROVIDER: 'disabled' }), { mailer, interbank: undefined });
    expect(chosen.mailer).toBe(mailer);
    expect(chosen.interbank).toBeNull();
  });
});
