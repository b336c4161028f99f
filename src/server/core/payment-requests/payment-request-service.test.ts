import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { inProcessApi } from '../../testing/in-process-api.ts';
import { expectLedgerBalanced } from '../../testing/balances.ts';
import { inTransaction } from '../ledger/ledger.ts';
import { countRequestPayment, requestPaidJob } from './request-payments.ts';
import { publicViewPolicy, shareText } from './payment-request-service.ts';
import { t as tr } from '../../../i18n/translate.ts';
import { requestAlphabet, requestReferencesIn } from '../../../lib/payment-request-schemas.ts';
import { safeNextPath } from '../../../lib/safe-next.ts';
import { kobo } from '../../../lib/money.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => kobo(value * 100);
const origin = 'https://bank.test';
const day = 24 * 3_600_000;
const gtBank = '000013';

describe('request references in a narration', () => {
  it('finds RQ-XXXXXX whatever the case and separator, inside other words, at most three, never a longer run', () => {
    expect(requestReferencesIn('Lunch RQ-7KX3MP thanks')).toEqual(['RQ-7KX3MP']);
    expect(requestReferencesIn('rq 7kx3mp')).toEqual(['RQ-7KX3MP']);
    expect(requestReferencesIn('RQ7KX3MP')).toEqual(['RQ-7KX3MP']);
    expect(requestReferencesIn('RQ-7KX3MPX and RQ-7KX3M')).toEqual([]);
    // 0, 1, I, L and O are not in the alphabet: a reference with one is not a reference.
    expect(requestReferencesIn('RQ-7KX3M0 RQ-7KX3ML')).toEqual([]);
    expect(requestReferencesIn('RQ-AAAAAA RQ-BBBBBB RQ-CCCCCC RQ-DDDDDD')).toEqual(['RQ-AAAAAA', 'RQ-BBBBBB', 'RQ-CCCCCC']);
    expect(requestAlphabet).not.toMatch(/[01ILO]/);
  });
});

describe("sign-in's next path", () => {
  it('keeps a path on this site and refuses anything that could leave it', () => {
    expect(safeNextPath('/transfer/send?to=local&account_number=0123456789&amount=2500&narration=RQ-7KX3MP')).toBe('/transfer/send?to=local&account_number=0123456789&amount=2500&narration=RQ-7KX3MP');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/api/v1/profile', '/login?next=/x', '', null, '/a\nb', `/${'a'.repeat(600)}`]) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
});

describeOnEngines('payment requests on %s', (t) => {
  const app = () => t().app;
  const requester = () => customer(app(), { firstName: 'Ada', lastName: 'Obi' });
  const request = async (owner: { userId: string; accountNumber: string }, input: { amount?: number; note?: string; expires_in_days?: number } = {}) => {
    const created = await app().paymentRequests.create(owner.userId, owner.accountNumber, { note: '', expires_in_days: 7, ...input }, origin);
    if (!created.ok) throw new Error(created.message.key);
    return created.value;
  };
  const statusOf = async (owner: { userId: string; accountNumber: string }, id: string) => (await app().paymentRequests.list(owner.userId, owner.accountNumber, origin)).find((row) => row.id === id)!;
  const inbound = (accountNumber: string, amount: number, narration?: string) =>
    app().inbound.receiveInterbank({ account_number: accountNumber, amount, sender_name: 'BAKARE TUNDE', sender_bank_code: gtBank, ...(narration ? { narration } : {}) });
  const paidMails = (email: string) => t().mailer.sent.filter((mail) => mail.to === email && mail.subject.startsWith('Your request '));

  it('creates a request with an unguessable link code, a short reference and a WhatsApp-friendly text', async () => {
    const ada = await requester();
    const created = await request(ada, { amount: naira(2_500), note: 'Lunch on Friday', expires_in_days: 3 });
    expect(created.code).toMatch(new RegExp(`^[${requestAlphabet}]{12}$`));
    expect(created.reference).toMatch(new RegExp(`^RQ-[${requestAlphabet}]{6}$`));
    expect(created.link).toBe(`${origin}/pay/${created.code}`);
    expect(created).toMatchObject({ account_number: ada.accountNumber, account_name: 'ADA OBI', amount: naira(2_500), amount_paid: 0, note: 'Lunch on Friday', status: 'open', paid_at: null, cancelled_at: null });
    expect(Date.parse(created.expires_at) - t().clock.now().getTime()).toBe(3 * day);
    expect(created.share_text).toContain('ADA OBI is asking you to pay ₦2,500.00 for "Lunch on Friday".');
    expect(created.share_text).toContain(`\nPay here: ${created.link}\n`);
    expect(created.share_text).toContain(`account ${ada.accountNumber}`);
    expect(created.share_text).toContain(created.reference);
    t().clock.advance(1_000);
    const second = await request(ada);
    expect(second.code).not.toBe(created.code);
    expect(second.amount).toBeNull();
    expect((await app().paymentRequests.list(ada.userId, ada.accountNumber, origin)).map((row) => row.id)).toEqual([second.id, created.id]);
  });

  it('an inbound NIP transfer carrying the reference marks the request paid in the same transaction, and the requester is emailed once', async () => {
    const ada = await requester();
    const created = await request(ada, { amount: naira(2_500), note: 'Lunch' });
    const credited = await inbound(ada.accountNumber, naira(2_500), `for lunch ${created.reference.toLowerCase().replace('-', ' ')}`);
    expect(credited.ok).toBe(true);
    const now = await statusOf(ada, created.id);
    expect(now).toMatchObject({ status: 'paid', amount_paid: naira(2_500), paid_at: t().clock.now().toISOString() });
    // Queued with the credit; the worker sends it, once however often it runs.
    expect(paidMails(ada.email)).toHaveLength(0);
    await app().jobs.runDue();
    await app().jobs.runDue();
    const mails = paidMails(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your request ${created.reference} was paid: NGN2,500.00`);
    expect(mails[0]!.text).toContain('from BAKARE TUNDE');
    expect(mails[0]!.text).toContain('You asked for ₦2,500.00 and have received ₦2,500.00 in all.');
    // The credit's own transaction alert goes as well.
    expect(t().mailer.sent.some((mail) => mail.to === ada.email && mail.subject.includes('credit alert'))).toBe(true);
    const link = await app().paymentRequests.open(created.code, '198.51.100.1');
    expect(link.ok && link.value.request).toEqual({ account_name: 'ADA OBI', amount: naira(2_500), status: 'paid' });
  });

  it('partial payments add up, are shown as such, and the emails say partly then fully', async () => {
    const ada = await requester();
    const created = await request(ada, { amount: naira(2_500) });
    expect((await inbound(ada.accountNumber, naira(1_000), created.reference)).ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'partly_paid', amount_paid: naira(1_000), paid_at: null });
    const half = await app().paymentRequests.open(created.code, '198.51.100.1');
    expect(half.ok && [half.value.request.status, half.value.amountLeft]).toEqual(['partly_paid', naira(1_500)]);
    expect((await inbound(ada.accountNumber, naira(1_500), created.reference)).ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'paid', amount_paid: naira(2_500) });
    // Paid already: more money still counts (it arrived), and the request stays paid.
    expect((await inbound(ada.accountNumber, naira(100), created.reference)).ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'paid', amount_paid: naira(2_600) });
    await app().jobs.runDue();
    const subjects = paidMails(ada.email).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      `Your request ${created.reference} was paid: NGN1,500.00`,
      `Your request ${created.reference} was paid: NGN100.00`,
      `Your request ${created.reference} was partly paid: NGN1,000.00`,
    ].sort());
  });

  it('the paid email is written in the language on the requester’s profile; the share text in the one asked for', async () => {
    const ada = await requester();
    await app().db.updateTable('users').set({ language: 'ig' }).where('id', '=', ada.userId).execute();
    const created = await request(ada, { amount: naira(2_500), note: 'Nri ehihie' });
    expect((await inbound(ada.accountNumber, naira(1_000), created.reference)).ok).toBe(true);
    await app().jobs.runDue();
    const mail = t().mailer.sent.filter((sent) => sent.to === ada.email).find((sent) => sent.subject === tr('ig', 'requests.email.subjectPartly', { reference: created.reference, amount: 'NGN1,000.00' }));
    expect(mail, t().mailer.sent.map((sent) => sent.subject).join(' | ')).toBeDefined();
    const lines = mail!.text.trim().split('\n\n');
    expect(lines[1]).toMatch(new RegExp(`^Akwụọla ụfọdụ n’arịrịọ ịkwụ ụgwọ gị ${created.reference} \\(Nri ehihie\\): ₦1,000\\.00 batara site n’aka BAKARE TUNDE na .+\\.$`));
    expect(lines[2]).toBe(tr('ig', 'requests.email.askedSoFar', { requested: '₦2,500.00', paid: '₦1,000.00' }));
    expect(lines[3]).toBe(tr('ig', 'requests.email.inAccount'));
    expect(mail!.text).not.toMatch(/Your payment request|Hello/);

    const hausa = shareText({ name: 'ADA OBI', amountKobo: naira(2_500), note: 'Abinci', link: created.link, accountNumber: ada.accountNumber, bankName: 'Bank', reference: created.reference }, 'ha');
    expect(hausa.split('\n')).toEqual([
      'ADA OBI yana neman ka biya ₦2,500.00 don "Abinci".',
      `Biya a nan: ${created.link}`,
      `Ko daga kowane bankin Najeriya: Bank, asusu ${ada.accountNumber} (ADA OBI), tare da ${created.reference} a bayanin.`,
    ]);
    // The API's share_text stays English.
    expect(created.share_text).toContain('ADA OBI is asking you to pay ₦2,500.00 for "Nri ehihie".');
  });

  it('counts a credit once, and two payments at the same time both count', async () => {
    const ada = await requester();
    const created = await request(ada, { amount: naira(5_000) });
    const credited = await inbound(ada.accountNumber, naira(1_000), created.reference);
    if (!credited.ok) throw new Error(credited.message.key);
    const row = await app().db.selectFrom('transactions').select(['id']).where('reference', '=', credited.value.reference).executeTakeFirstOrThrow();
    // The same credit offered again (a retry of the hook): nothing more is counted, nothing more is queued.
    const again = await inTransaction(app().db, (trx) => countRequestPayment(trx, { transactionId: row.id, accountNumber: ada.accountNumber, amountKobo: naira(1_000), narration: created.reference, payerName: 'X', at: t().clock.now() }));
    expect(again.ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ amount_paid: naira(1_000) });
    const jobs = await app().db.selectFrom('jobs').select('id').where('kind', '=', requestPaidJob).execute();
    expect(jobs).toHaveLength(1);

    const parallel = await Promise.all([1, 2, 3, 4].map(() => inbound(ada.accountNumber, naira(1_000), created.reference)));
    expect(parallel.every((result) => result.ok)).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'paid', amount_paid: naira(5_000) });
    const payments = await app().db.selectFrom('payment_request_payments').select(['amount_kobo', 'paid_after_kobo']).where('request_id', '=', created.id).execute();
    expect(payments).toHaveLength(5);
    expect(payments.map((payment) => Number(payment.paid_after_kobo)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => naira(n * 1_000)));
    await expectLedgerBalanced(app());
  });

  it('a transfer inside the bank made from the link (the reference in its narration) pays it; a reference to another account counts nothing', async () => {
    const ada = await requester();
    const payer = await customer(app(), { balance: naira(10_000), firstName: 'Bola', lastName: 'Ade' });
    const stranger = await customer(app());
    const created = await request(ada, { amount: naira(2_500) });
    // The right reference, sent to another account: the money lands there, no request counts it.
    const elsewhere = await app().transfers.sendLocal(payer.userId, payer.accountNumber, { account_number: stranger.accountNumber, amount: naira(500), narration: created.reference, pin: testPin, save_beneficiary: false }, newKey());
    expect(elsewhere.ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'open', amount_paid: 0 });
    const paid = await app().transfers.sendLocal(payer.userId, payer.accountNumber, { account_number: ada.accountNumber, amount: naira(2_500), narration: `${created.reference} Lunch`, pin: testPin, save_beneficiary: false }, newKey());
    expect(paid.ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'paid', amount_paid: naira(2_500) });
    await app().jobs.runDue();
    expect(paidMails(ada.email)[0]!.text).toContain('from BOLA ADE');
    // A credit without the reference is just a credit.
    const other = await request(ada, { amount: naira(100) });
    expect((await inbound(ada.accountNumber, naira(100), 'Transfer')).ok).toBe(true);
    expect(await statusOf(ada, other.id)).toMatchObject({ status: 'open' });
  });

  it('with no amount, any payment pays it', async () => {
    const ada = await requester();
    const created = await request(ada);
    expect((await inbound(ada.accountNumber, naira(700), created.reference)).ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'paid', amount_paid: naira(700) });
    await app().jobs.runDue();
    expect(paidMails(ada.email)[0]!.text).toContain('You have received ₦700.00 in all for this request.');
  });

  it('cancels: only its owner, only while unpaid; its link then answers as an unknown one, and money sent with it is not counted', async () => {
    const ada = await requester();
    const bola = await customer(app());
    const created = await request(ada, { amount: naira(2_500) });
    const notTheirs = await app().paymentRequests.cancel(bola.userId, created.id, origin);
    expect(notTheirs.ok || notTheirs.code).toBe('NOT_FOUND');
    const unknownId = await app().paymentRequests.cancel(bola.userId, 'prq_AAAAAAAAAAAAAAAA', origin);
    expect(inEnglish(!unknownId.ok && unknownId.message)).toBe(inEnglish(!notTheirs.ok && notTheirs.message));
    const cancelled = await app().paymentRequests.cancel(ada.userId, created.id, origin);
    expect(cancelled.ok && cancelled.value).toMatchObject({ status: 'cancelled', cancelled_at: t().clock.now().toISOString() });
    const twice = await app().paymentRequests.cancel(ada.userId, created.id, origin);
    expect(twice.ok || twice.code).toBe('VALIDATION_FAILED');

    const link = await app().paymentRequests.open(created.code, '198.51.100.1');
    const unknown = await app().paymentRequests.open('ABCDEFGHJKMN', '198.51.100.1');
    const malformed = await app().paymentRequests.open('<script>', '198.51.100.1');
    expect(link).toEqual(unknown);
    expect(malformed).toEqual(unknown);
    expect(link.ok || link.code).toBe('NOT_FOUND');

    expect((await inbound(ada.accountNumber, naira(2_500), created.reference)).ok).toBe(true);
    expect(await statusOf(ada, created.id)).toMatchObject({ status: 'cancelled', amount_paid: 0 });

    const paidOne = await request(ada, { amount: naira(100) });
    await inbound(ada.accountNumber, naira(100), paidOne.reference);
    const cannot = await app().paymentRequests.cancel(ada.userId, paidOne.id, origin);
    expect(inEnglish(!cannot.ok && [cannot.code, cannot.message])).toEqual(['VALIDATION_FAILED', 'This request is already paid; there is nothing to cancel.']);
  });

  it('expires when the clock passes its date: the list and the link say so', async () => {
    const ada = await requester();
    const created = await request(ada, { amount: naira(2_500), expires_in_days: 1 });
    t().clock.advance(day - 1_000);
    expect((await statusOf(ada, created.id)).status).toBe('open');
    t().clock.advance(1_000);
    expect((await statusOf(ada, created.id)).status).toBe('expired');
    const link = await app().paymentRequests.open(created.code, '198.51.100.1');
    expect(link.ok && link.value.request.status).toBe('expired');
  });

  it('the link is throttled per network address, bursts included; another address is not affected', async () => {
    const ada = await requester();
    const created = await request(ada, { amount: naira(2_500) });
    const burst = await Promise.all(Array.from({ length: publicViewPolicy.max + 15 }, () => app().paymentRequests.open(created.code, '198.51.100.9')));
    expect(burst.filter((result) => result.ok)).toHaveLength(publicViewPolicy.max);
    const refused = burst.find((result) => !result.ok);
    expect(refused && !refused.ok && [refused.code, refused.retryAfterSeconds! > 0]).toEqual(['RATE_LIMITED', true]);
    // Unknown codes count too: guessing costs the same as looking.
    expect((await app().paymentRequests.open('ABCDEFGHJKMN', '198.51.100.9')).ok || 'limited').toBe('limited');
    expect((await app().paymentRequests.open(created.code, '198.51.100.10')).ok).toBe(true);
    t().clock.advance(publicViewPolicy.windowMs);
    expect((await app().paymentRequests.open(created.code, '198.51.100.9')).ok).toBe(true);
  });

  it('over the API: create, list, cancel and the public call (name and amount only), each customer to their own', async () => {
    const ada = await requester();
    const bola = await customer(app());
    const api = inProcessApi(app());
    const token = (await app().sessions.create(ada.userId)).token;
    const call = async (method: string, path: string, options: { json?: unknown; form?: string; auth?: boolean } = {}) => {
      const headers: Record<string, string> = options.auth === false ? {} : { authorization: `Bearer ${token}` };
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      if (options.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await api.fetch(new Request(`http://bank.test/api${path}`, { method, headers, body: options.json !== undefined ? JSON.stringify(options.json) : options.form }));
      return { status: response.status, retryAfter: response.headers.get('retry-after'), json: (await response.json()) as { success: boolean; code?: string; data: any; errors?: Record<string, string[]> } };
    };

    const created = await call('POST', `/v1/requests/${ada.accountNumber}`, { json: { amount: naira(2_500), note: 'Lunch', expires_in_days: 7 } });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ amount: naira(2_500), note: 'Lunch', status: 'open', account_name: 'ADA OBI' });
    expect(created.json.data.link).toBe(`http://bank.test/pay/${created.json.data.code}`);
    t().clock.advance(1_000);
    const form = await call('POST', `/v1/requests/${ada.accountNumber}`, { form: 'note=Rent&expires_in_days=30' });
    expect(form.status).toBe(201);
    expect(form.json.data.amount).toBeNull();

    for (const bad of [{ amount: '2500' }, { amount: 25.5 }, { amount: 0 }, { expires_in_days: 31 }, { note: 'a\u0007b' }, { note: 'x'.repeat(101) }]) {
      const refused = await call('POST', `/v1/requests/${ada.accountNumber}`, { json: bad });
      expect([refused.status, refused.json.code]).toEqual([422, 'VALIDATION_FAILED']);
    }
    expect((await call('POST', `/v1/requests/${bola.accountNumber}`, { json: {} })).status).toBe(403);
    expect((await call('GET', `/v1/requests/${bola.accountNumber}`)).status).toBe(403);
    expect((await call('POST', `/v1/requests/${ada.accountNumber}`, { json: {}, auth: false })).status).toBe(401);

    const list = await call('GET', `/v1/requests/${ada.accountNumber}`);
    expect(list.json.data.map((row: { id: string }) => row.id)).toEqual([form.json.data.id, created.json.data.id]);

    const open = await call('GET', `/v1/requests/public/${created.json.data.code}`, { auth: false });
    expect(open.status).toBe(200);
    expect(open.json.data).toEqual({ account_name: 'ADA OBI', amount: naira(2_500), status: 'open' });

    const bolaToken = (await app().sessions.create(bola.userId)).token;
    const stolen = await api.fetch(new Request(`http://bank.test/api/v1/requests/${created.json.data.id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${bolaToken}` } }));
    expect(stolen.status).toBe(404);
    const cancel = await call('POST', `/v1/requests/${created.json.data.id}/cancel`);
    expect([cancel.status, cancel.json.data.status]).toEqual([200, 'cancelled']);
    const gone = await call('GET', `/v1/requests/public/${created.json.data.code}`, { auth: false });
    const never = await call('GET', '/v1/requests/public/ABCDEFGHJKMN', { auth: false });
    expect([gone.status, gone.json]).toEqual([404, never.json]);
    expect((await call('GET', '/v1/requests/public/ABCDEFGHJKMN', { auth: false })).status).toBe(404);
  });
});
