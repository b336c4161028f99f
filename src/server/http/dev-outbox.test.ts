import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { createOutboxSms } from '../integrations/sms/outbox-sms.ts';
import { createOutboxMailer } from '../integrations/mail/mailers.ts';
import { tempDirPerTest } from '../testing/temp-dir.ts';
import { devOutboxOn, latestOutbox } from './dev-outbox.ts';

describe('the sandbox outbox page’s reading', () => {
  const dir = tempDirPerTest('bank-dev-outbox-');

  it('is on only with the outbox mailer and the outbox SMS gateway', () => {
    expect(devOutboxOn({ smtpUrl: undefined, sms: { provider: 'outbox' } })).toBe(true);
    expect(devOutboxOn({ smtpUrl: 'smtp://mail.example:25', sms: { provider: 'outbox' } })).toBe(false);
    expect(devOutboxOn({ smtpUrl: undefined, sms: { provider: 'termii', baseUrl: 'https://x', apiKey: 'k', senderId: 'Bank', timeoutMs: 1000 } })).toBe(false);
  });

  it('reads the mails and texts as the sandbox writes them, newest first, words and codes whole', async () => {
    const log = createLogger('silent');
    const mailer = createOutboxMailer(dir(), 'bank@example.ng', log);
    const sms = createOutboxSms(path.join(dir(), 'sms'), log);
    await mailer.send({ to: 'ada@example.com', subject: '123456 is your code', text: 'Ẹ n lẹ́ o, Ada,\n\nYour code is 123456.\n', html: '<p>123456</p>' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({ to: 'ada@example.com', subject: 'Àkáǹtì rẹ: 654321', text: 'Kóòdù rẹ ni 654321.\n', html: '<p>654321</p>' });
    await sms.send({ to: '+2348031234567', text: 'Bank: 654321 is your code.' });

    const { mails, texts } = await latestOutbox({ outboxDir: dir() });
    expect(mails.map((mail) => mail.subject)).toEqual(['Àkáǹtì rẹ: 654321', '123456 is your code']);
    expect(mails[0]?.text).toContain('Kóòdù rẹ ni 654321.');
    expect(mails[1]?.text).toContain('Ẹ n lẹ́ o, Ada');
    expect(mails[0]?.to).toContain('ada@example.com');
    expect(mails[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(texts).toEqual([expect.objectContaining({ to: '+2348031234567', text: 'Bank: 654321 is your code.' })]);
  });

  it('answers an empty outbox when nothing was sent', async () => {
    expect(await latestOutbox({ outboxDir: path.join(dir(), 'none') })).toEqual({ mails: [], texts: [] });
  });
});
