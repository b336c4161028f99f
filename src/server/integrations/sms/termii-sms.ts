import type { Logger } from '../../log.ts';
import { withTimeout } from '../with-timeout.ts';
import { maxSmsCharacters, type SmsMessage, type SmsSender } from './ports.ts';

export type TermiiSettings = {
  /** https://api.ng.termii.com, or the base URL on the account's dashboard. */
  baseUrl: string;
  apiKey: string;
  /** The registered alphanumeric sender ID (3 to 11 characters). */
  senderId: string;
  timeoutMs: number;
};

/**
 * Termii's messaging API (POST {base}/api/sms/send, JSON in and out) as the bank's SMS gateway.
 * Alerts and codes go on the `dnd` channel, the transactional route that also reaches numbers on
 * the Do-Not-Disturb register; the `generic` route is for marketing and skips them.
 *
 * Anything but a 2xx answer carrying a message id throws, as does no answer within
 * `timeoutMs`: the job that sent it runs again (jobs/job-queue.ts retries with backoff). A
 * retry after a timeout may send the message twice; a customer reading an alert twice is the
 * lesser harm than never reading it. The API key never reaches the log: an error carries only
 * the status and Termii's own words.
 */
export function createTermiiSms(settings: TermiiSettings, log: Logger, fetchImpl: typeof fetch = fetch): SmsSender {
  const endpoint = new URL('/api/sms/send', settings.baseUrl).toString();
  return {
    async send(message: SmsMessage) {
      if (!/^\+\d{8,15}$/.test(message.to)) throw new Error('an SMS goes to an E.164 number');
      if (message.text.length === 0 || message.text.length > maxSmsCharacters) throw new Error(`an SMS holds 1 to ${maxSmsCharacters} characters`);
      const controller = new AbortController();
      const body = JSON.stringify({
        api_key: settings.apiKey,
        // Termii takes the international number without its plus: 2348031234567.
        to: message.to.slice(1),
        from: settings.senderId,
        sms: message.text,
        type: 'plain',
        channel: 'dnd',
      });
      const answer = await withTimeout(
        (async () => {
          const response = await fetchImpl(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body, signal: controller.signal });
          const text = await response.text();
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            // An HTML error page from a proxy in front of Termii: reported by its status below.
          }
          return { status: response.status, ok: response.ok, body: parsed };
        })(),
        settings.timeoutMs,
        'termii',
      ).catch((error: unknown) => {
        controller.abort();
        throw error;
      });
      const fields = typeof answer.body === 'object' && answer.body !== null ? (answer.body as Record<string, unknown>) : {};
      const messageId = fields.message_id ?? fields.message_id_str;
      if (!answer.ok || (typeof messageId !== 'string' && typeof messageId !== 'number')) {
        const said = typeof fields.message === 'string' ? fields.message.slice(0, 200) : 'no message';
        throw new Error(`termii answered ${answer.status}: ${said}`);
      }
      log.info('sms.sent', { transport: 'termii', message_id: String(messageId) });
    },
  };
}
