import fs from 'node:fs';
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

  it('keeps what a test hands in, and chooses the rest', () => {
    const mailer: Mailer = { send: async () => {} };
    const chosen = createIntegrations(context({ INTERBANK_PROVIDER: 'disabled' }), { mailer, interbank: undefined });
    expect(chosen.mailer).toBe(mailer);
    expect(chosen.interbank).toBeNull();
  });
});
