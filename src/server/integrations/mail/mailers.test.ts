import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createLogger } from '../../log.ts';
import { createOutboxMailer, createSmtpMailer } from './mailers.ts';
import { mailsAtOnce, type MailMessage } from './ports.ts';
import { tempDirPerTest } from '../../testing/temp-dir.ts';

const from = 'Harmattan Bank <no-reply@harmattan.bank.example>';
const silent = createLogger('silent');

const message: MailMessage = {
  to: 'amina.bello@example.com',
  subject: '482913 is your Harmattan Bank verification code',
  text: 'Hello Amina,\n\nYour Harmattan Bank verification code is 482913.\n',
  html: '<p>Hello Amina,</p><p>Your code is <b>482913</b>.</p>',
};

/** Unfolds header lines and decodes quoted-printable soft breaks enough to search the text. */
function readable(raw: string): string {
  return raw.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ').replace(/=\n/g, '');
}

describe('outbox mailer', () => {
  const dir = tempDirPerTest('bank-outbox-');

  it('writes each mail as an .eml file with its recipient, subject and text', async () => {
    const outbox = path.join(dir(), 'outbox');
    await createOutboxMailer(outbox, from, silent).send(message);

    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-amina\.bello@example\.com\.eml$/);
    const eml = readable(fs.readFileSync(path.join(outbox, files[0]!), 'utf8'));
    expect(eml).toMatch(/^To: amina\.bello@example\.com$/m);
    expect(eml).toMatch(/^From: Harmattan Bank <no-reply@harmattan\.bank\.example>$/m);
    expect(eml).toMatch(/^Subject: 482913 is your Harmattan Bank verification code$/m);
    expect(eml).toContain('Your Harmattan Bank verification code is 482913.');
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/html');
  });

  it('keeps every mail, including attachments, and a safe file name for an odd recipient', async () => {
    const outbox = path.join(dir(), 'outbox');
    const mailer = createOutboxMailer(outbox, from, silent);
    await mailer.send(message);
    await mailer.send({
      ...message,
      to: 'o\'brien/../x@example.com',
      subject: 'Your account statement',
      attachments: [{ filename: 'statement.csv', content: 'date,amount\n2026-11-21,5000\n', contentType: 'text/csv' }],
    });
    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^[A-Za-z0-9@._-]+\.eml$/);
    const statement = files.map((file) => readable(fs.readFileSync(path.join(outbox, file), 'utf8'))).find((eml) => eml.includes('statement.csv'));
    expect(statement).toBeDefined();
    expect(statement).toMatch(/^Subject: Your account statement$/m);
    expect(statement).toContain('text/csv');
  });

  it('makes the folder again when it was removed between two mails', async () => {
    const outbox = path.join(dir(), 'outbox');
    const mailer = createOutboxMailer(outbox, from, silent);
    await mailer.send(message);
    fs.rmSync(outbox, { recursive: true });
    await mailer.send(message);
    expect(fs.readdirSync(outbox).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
  });
});

type Received = { raw: string; mailFrom: string | false; rcptTo: string[]; user: string | undefined };

async function startSmtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const connections = { opened: 0, open: 0, most: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections.opened += 1;
      connections.open += 1;
      connections.most = Math.max(connections.most, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP mailer', () => {
  const servers: { close(): Promise<void> }[] = [];
  const mailers: ReturnType<typeof createSmtpMailer>[] = [];
  /** A mailer closed after the test (its pooled connections would hold the server's close open). */
  const smtpMailer = (url: string) => {
    const mailer = createSmtpMailer(url, from, silent);
    mailers.push(mailer);
    return mailer;
  };
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((mailer) => mailer.close!()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('delivers a mail to an SMTP server', async () => {
    const server = await startSmtpServer();
    servers.push(server);
    await smtpMailer(`smtp://127.0.0.1:${server.port}`).send(message);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.mailFrom).toBe('no-reply@harmattan.bank.example');
    expect(mail!.rcptTo).toEqual(['amina.bello@example.com']);
    const raw = readable(mail!.raw);
    expect(raw).toMatch(/^To: amina\.bello@example\.com$/m);
    expect(raw).toMatch(/^Subject: 482913 is your Harmattan Bank verification code$/m);
    expect(raw).toContain('Your Harmattan Bank verification code is 482913.');
  });

  it('signs in with the credentials in the URL', async () => {
    const server = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret pass') return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
    });
    servers.push(server);
    await smtpMailer(`smtp://mailer:${encodeURIComponent('s3cret pass')}@127.0.0.1:${server.port}`).send(message);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.user).toBe('mailer');

    await expect(smtpMailer(`smtp://mailer:wrong@127.0.0.1:${server.port}`).send(message)).rejects.toThrow();
    expect(server.received).toHaveLength(1);
  });

  it('keeps its connections open from mail to mail, at most mailsAtOnce of them, and ends them on close', async () => {
    const server = await startSmtpServer();
    servers.push(server);
    const mailer = smtpMailer(`smtp://127.0.0.1:${server.port}`);
    for (let index = 0; index < 3; index += 1) await mailer.send({ ...message, to: `one.by.one.${index}@example.com` });
    expect(server.connections.opened).toBe(1);
    await Promise.all(Array.from({ length: 12 }, (_, index) => mailer.send({ ...message, to: `at.once.${index}@example.com` })));
    expect(server.received).toHaveLength(15);
    expect(new Set(server.received.flatMap((mail) => mail.rcptTo)).size).toBe(15);
    expect(server.connections.most).toBeGreaterThan(1);
    expect(server.connections.most).toBeLessThanOrEqual(mailsAtOnce);
    await mailer.close!();
    await expect.poll(() => server.connections.open).toBe(0);
    // Closed is not broken: the next mail opens a connection again.
    await mailer.send(message);
    expect(server.received).toHaveLength(16);
  });

  it('SMTP_URL may turn the pool off: then every mail has a connection of its own', async () => {
    const server = await startSmtpServer();
    servers.push(server);
    const mailer = smtpMailer(`smtp://127.0.0.1:${server.port}?pool=false`);
    await mailer.send(message);
    await mailer.send(message);
    expect(server.received).toHaveLength(2);
    expect(server.connections.opened).toBe(2);
  });

  it('rejects when the server cannot be reached, so the caller can decide what to do', async () => {
    const server = await startSmtpServer();
    const { port } = server;
    await server.close();
    await expect(smtpMailer(`smtp://127.0.0.1:${port}`).send(message)).rejects.toThrow();
  });
});
