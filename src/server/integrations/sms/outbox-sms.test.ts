import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../log.ts';
import { createOutboxSms } from './outbox-sms.ts';
import { maxSmsCharacters } from './ports.ts';
import { tempDirPerTest } from '../../testing/temp-dir.ts';

describe('outbox SMS gateway', () => {
  const dir = tempDirPerTest('bank-sms-');

  it('writes one file per message, named by time and recipient, holding the number and the text', async () => {
    const outbox = path.join(dir(), 'outbox', 'sms');
    const sms = createOutboxSms(outbox, createLogger('silent'));
    await sms.send({ to: '+2348031234567', text: 'Debit NGN5,000.00 on 012****789. Bal NGN1,000.00' });
    await sms.send({ to: '+2348051234567', text: 'Credit NGN5,000.00 on 013****111. Bal NGN5,000.00' });
    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{6}-\+2348031234567\.txt$/);
    expect(fs.readFileSync(path.join(outbox, files[0]!), 'utf8')).toBe('To: +2348031234567\n\nDebit NGN5,000.00 on 012****789. Bal NGN1,000.00\n');
    expect(files[1]).toMatch(/-\+2348051234567\.txt$/);
  });

  it('refuses a number that is not E.164, an empty text and one longer than three parts, writing nothing', async () => {
    const outbox = path.join(dir(), 'sms');
    const sms = createOutboxSms(outbox, createLogger('silent'));
    await expect(sms.send({ to: '08031234567', text: 'hello' })).rejects.toThrow(/E\.164/);
    await expect(sms.send({ to: '+234803/../../x', text: 'hello' })).rejects.toThrow(/E\.164/);
    await expect(sms.send({ to: '+2348031234567', text: '' })).rejects.toThrow(/characters/);
    await expect(sms.send({ to: '+2348031234567', text: 'x'.repeat(maxSmsCharacters + 1) })).rejects.toThrow(/characters/);
    expect(fs.existsSync(outbox)).toBe(false);
  });
});
