import { withDb } from './bank-db.ts';
import { decodeQuotedPrintable, e164, mailsTo, rawMail, smsTo, waitUntil } from './outbox.ts';

export { e164 };

// For the settings journeys: what a customer's security settings are in the server's SQLite
// database (to show a refused change changed nothing), and the confirmation mails.

export type SecretsRow = { password_hash: string; transaction_pin_hash: string | null; security_answer_hash: string | null; security_question_id: number | null; pin_failed_attempts: number; pin_locked_until: string | null };

/** The stored hashes and PIN-lock state of this customer. */
export function secretsOf(email: string): SecretsRow {
  return withDb((db) => {
    const row = db
      .prepare('SELECT password_hash, transaction_pin_hash, security_answer_hash, security_question_id, pin_failed_attempts, pin_locked_until FROM users WHERE email = ?')
      .get(email.toLowerCase()) as SecretsRow | undefined;
    if (!row) throw new Error(`No user with email ${email}`);
    return row;
  });
}

/** The decoded mails to `email` whose subject matches, oldest first. */
export function mailsAbout(email: string, subject: RegExp): { subject: string; text: string }[] {
  return mailsTo(email)
    .map((file) => {
      const raw = rawMail(file);
      const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      return { subject: headers.match(/^Subject: (.*)$/im)?.[1] ?? '', text: decodeQuotedPrintable(raw) };
    })
    .filter((mail) => subject.test(mail.subject));
}

/** Waits (up to `timeoutMs`) for a mail to `email` with a matching subject; returns the newest. */
export async function waitForMailAbout(email: string, subject: RegExp, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  return waitUntil(() => mailsAbout(email, subject).at(-1), timeoutMs, () => `Waited ${timeoutMs} ms for a mail to ${email} about ${subject}.`);
}

/**
 * The security code (instant payments, raising the own limit, unfreezing) in the newest SMS to
 * `phone` among those sent after the first `before`: pass the count seen before "Send me a
 * code". The same code goes by email; the SMS is what the registered phone receives.
 */
export async function waitForSecurityCode(phone: string, before: number, timeoutMs = 10_000): Promise<string> {
  const to = e164(phone);
  return waitUntil(
    () => {
      // The newest code among the texts since `before`: SMS alerts (on by default) may arrive in between.
      // A code's SMS, in any language, is "<bank>: <code> …" (the email.securityCode.sms key).
      const codes = smsTo(to).slice(before).map((text) => /^[^:\n]+: (\d{6}) /.exec(text)?.[1]).filter((code) => code !== undefined);
      return codes.at(-1);
    },
    timeoutMs,
    () => `Waited ${timeoutMs} ms for a security code by SMS to ${to}; found ${smsTo(to).length} texts.`,
  );
}
