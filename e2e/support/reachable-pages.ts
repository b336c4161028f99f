import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { gtBank, newCustomer, onboardThroughApi, receiveTransfer, callApi, type NewCustomer, type OnboardingStep } from './customers.ts';
import { nubanFor } from '../../src/lib/nuban.ts';

/** One rendered page: a short name for messages and file names, its address, and its HTML. */
export type RenderedPage = { name: string; path: string; status: number; html: string };

/**
 * The pages a customer can reach, rendered by the server as a browser would get them: as a
 * guest, at each onboarding step, and signed in with money, a beneficiary, a payment request and
 * a receipt of each kind. State is made through the JSON API (never by posting page forms), so
 * the pages are read exactly as they are served.
 */
export async function renderReachablePages(browser: Browser, baseURL: string): Promise<RenderedPage[]> {
  const pages: RenderedPage[] = [];
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const request = context.request;
    const read = async (name: string, address: string) => {
      const response = await request.get(address, { maxRedirects: 0 });
      pages.push({ name, path: address, status: response.status(), html: await response.text() });
    };

    // A guest.
    for (const [name, address] of [
      ['home', '/'],
      ['login', '/login'],
      ['register', '/register'],
      ['password-forgot', '/password/forgot'],
      ['terms', '/terms'],
      ['privacy', '/privacy'],
      ['not-found', '/no-such-page'],
      ['login-after-idle', '/login?reason=idle'],
    ] as const) await read(name, address);

    // Each onboarding step, in the same browser (register's token is its session cookie).
    // An MTN number (0803): /artime preselects the network from it. Unique, as registration needs.
    const customer: NewCustomer = newCustomer({ phone: `0803 ${String(randomInt(0, 10_000_000)).padStart(7, '0')}` });
    const pagesBefore: Record<OnboardingStep, [string, string][]> = {
      verify: [['onboarding-verify', '/account/verify']],
      address: [['onboarding-address', '/address/update']],
      pin: [['onboarding-created', '/profile/created'], ['onboarding-pin', '/pin/set']],
      question: [['onboarding-question', '/security/question']],
    };
    const { accountNumber: account } = await onboardThroughApi(request, customer, async (step) => {
      for (const [name, address] of pagesBefore[step]) await read(name, address);
    });

    // Money in, and one of each payment, so every receipt kind and the history have rows.
    await receiveTransfer(request, account, 20_000_000, 'EMEKA OKAFOR');
    const references = await madePayments(request, account, customer.pin);
    const saved = await callApi<{ id: string }>(request, 'POST', `/v1/beneficiaries/create/${account}`, { account_number: nubanFor('123456789', gtBank), bank_code: gtBank.nipCode, nickname: 'Landlord' });
    const asked = await callApi<{ code?: string; link?: string; url?: string }>(request, 'POST', `/v1/requests/${account}`, { amount: 250_000, note: 'Rent share' }).catch(() => null);
    const code = asked?.code ?? /\/pay\/([A-Za-z0-9]+)/.exec(asked?.link ?? asked?.url ?? '')?.[1];

    for (const [name, address] of [
      ['dashboard', '/dashboard'],
      ['transactions', '/transactions'],
      ['transactions-search', '/transactions?q=Rent'],
      ['transfer', '/transfer'],
      ['transfer-send', '/transfer/send'],
      ['beneficiaries', '/beneficairies'],
      ['beneficiaries-confirm', `/beneficairies?confirm=${encodeURIComponent(saved.id)}`],
      ['airtime', '/artime'],
      ['data', '/data/purchase'],
      ['electricity', '/bills/electricity'],
      ['cable', '/bills/cable'],
      ['kyc', '/kyc-verification'],
      ['settings', '/account/settings'],
      ['limits', '/account/limits'],
      ['account-freeze', '/account/freeze'],
      ['freeze', '/freeze'],
      ['requests', '/requests'],
      ['requests-new', '/requests/new'],
      ['support-cases', '/support/cases'],
      ['support-new', '/support/cases/new'],
      ['scheduled', '/transfers/scheduled'],
      ['scheduled-new', '/transfers/scheduled/new'],
      ['receipt-transfer', `/transfer/success?reference=${references.transfer}`],
      ['receipt-airtime', `/airtime/purchase/success?reference=${references.airtime}`],
      ['receipt-data', `/data/purchase/success?reference=${references.data}`],
      ['receipt-electricity', `/bills/electricity/success?reference=${references.electricity}`],
      ['receipt-cable', `/bills/cable/success?reference=${references.cable}`],
      ['receipt-missing', '/transfer/success?reference=NO-SUCH-REFERENCE'],
      ['signed-in-not-found', '/no-such-page'],
      ...(code ? ([['pay-link', `/pay/${code}`]] as const) : []),
      ['pay-link-unknown', '/pay/ABCDEFGHJKMN'],
    ] as const) await read(name, address);
  } finally {
    await context.close();
  }
  return pages;
}

/** A local transfer and one purchase of each kind through the API; their references. */
async function madePayments(request: APIRequestContext, account: string, pin: string) {
  const key = (kind: string) => ({ 'idempotency-key': `reachable-${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}` });
  const other = nubanFor('123456789', gtBank);
  const transfer = await callApi<{ reference: string }>(request, 'POST', `/v1/transfer/bank/${account}`, { account_number: other, bank_code: gtBank.nipCode, amount: 1_500_000, narration: 'Rent', pin }, key('transfer'));
  const airtime = await callApi<{ reference: string }>(request, 'POST', `/v1/bills/airtime/purchase/${account}`, { network_id: 'mtn', phone_number: '0803 123 4567', amount: 150_000, pin }, key('airtime'));
  const plan = (await callApi<{ id: string }[]>(request, 'GET', '/v1/bills/data-plans/mtn'))[0]!.id;
  const data = await callApi<{ reference: string }>(request, 'POST', `/v1/bills/data/purchase/${account}`, { provider_id: 'mtn', plan_id: plan, phone_number: '08031234567', pin }, key('data'));
  const electricity = await callApi<{ reference: string }>(request, 'POST', `/v1/bills/electricity/purchase/${account}`, { provider_id: 'ikeja-electric', meter_number: '45067812345', meter_type: 'prepaid', amount: 500_000, pin }, key('electricity'));
  const bouquet = (await callApi<{ id: string }[]>(request, 'GET', '/v1/bills/cable-packages/gotv'))[0]!.id;
  const cable = await callApi<{ reference: string }>(request, 'POST', `/v1/bills/cable/purchase/${account}`, { provider_id: 'gotv', package_id: bouquet, smartcard_number: '7023456789', pin }, key('cable'));
  const ref = (answer: { reference: string }) => encodeURIComponent(answer.reference);
  return { transfer: ref(transfer), airtime: ref(airtime), data: ref(data), electricity: ref(electricity), cable: ref(cable) };
}

/** Writes the pages to a new temporary folder as <name>.html; returns the folder. */
export function writePages(pages: readonly RenderedPage[], prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const page of pages) fs.writeFileSync(path.join(folder, `${page.name}.html`), page.html);
  return folder;
}
