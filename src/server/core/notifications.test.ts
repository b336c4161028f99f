import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { sendLogged } from './notifications.ts';

const message = { to: 'ada@example.com', subject: 'Your code', text: 'Your code is 123456\n', html: '<p>Your code is 123456</p>' };

describe('sendLogged', () => {
  it('waits for a mail server that answers, and holds the caller at most its wait for one that never does', async () => {
    const lines: string[] = [];
    const log = createLogger('debug', (line) => lines.push(line));
    const sent: unknown[] = [];
    await sendLogged({ send: async (mail) => void sent.push(mail) }, log, message, 'test');
    expect(sent).toHaveLength(1);
    expect(lines).toEqual([]);

    // Takes the connection and never replies: the caller goes on after the wait; the send carries on by itself.
    let finish!: () => void;
    const started = Date.now();
    await sendLogged({ send: () => new Promise<void>((resolve) => (finish = resolve)) }, log, message, 'hanging', 50);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines.map((line) => JSON.parse(line).event)).toEqual(['mail.slow']);
    finish();

    // A refusal, thrown at once or later, is logged and never thrown.
    await sendLogged({ send: async () => Promise.reject(new Error('ECONNREFUSED')) }, log, message, 'refused');
    await sendLogged({ send: () => { throw new Error('bad address'); } }, log, message, 'thrown');
    expect(lines.map((line) => JSON.parse(line).event).slice(1)).toEqual(['mail.failed', 'mail.failed']);
  });
});
