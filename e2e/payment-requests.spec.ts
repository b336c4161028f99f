import { expect, model, test as base } from './support/fixtures.ts';
import { callApi, gtBank, newCustomer, onboardThroughApi } from './support/customers.ts';
import { proveIdentity } from './support/identity.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { waitForMailAbout } from './support/settings.ts';
import { NewRequestPage, PayLinkPage, RequestsPage } from './page-models/payment-request-pages.ts';
import { LoginPage } from './page-models/login-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';

/**
 * Payment requests, in both projects: "Request money" makes a link and a reference;
 * the link opens in a fresh browser with no account; money sent with the reference (the sandbox's
 * inbound NIP transfer, or "Pay now" inside the bank) marks the request paid and emails the
 * requester. Every screen is a plain form, so the two projects take the same path.
 */
const test = base.extend<{ requests: RequestsPage; newRequest: NewRequestPage }>({
  requests: model(RequestsPage),
  newRequest: model(NewRequestPage),
});

/** Money from another bank through the sandbox switch, with a narration. */
const inboundWith = (request: Parameters<typeof callApi>[0], accountNumber: string, amountKobo: number, narration: string) =>
  callApi(request, 'POST', '/sandbox/inbound-transfer', { account_number: accountNumber, amount: amountKobo, sender_name: 'BAKARE TUNDE', sender_bank_code: gtBank.nipCode, narration });

test.describe('payment requests', () => {
  test('request ₦2,500, open the link in a fresh browser, pay it by NIP with the reference (in two parts) and see it paid with an alert', async ({ page, browser, js, requests, newRequest }, testInfo) => {
    const requester = await signedInCustomer(page, 0);
    const name = `${requester.firstName} ${requester.lastName}`.toUpperCase();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Request money' }).first().click();
    await requests.arrivedAt(RequestsPage.path);
    await page.getByRole('link', { name: 'Request money' }).last().click();
    await newRequest.arrivedAt(NewRequestPage.path);
    const { path, reference } = await newRequest.create({ amount: '2,500', note: 'Lunch on Friday' });
    expect(path).toMatch(/^\/pay\/[23456789A-HJKMNP-Z]{12}$/);
    expect(reference).toMatch(/^RQ-[23456789A-HJKMNP-Z]{6}$/);
    const text = await newRequest.shareText.inputValue();
    expect(text).toContain(`${name} is asking you to pay ₦2,500.00 for "Lunch on Friday".`);
    expect(text).toContain(path);
    expect(text).toContain(reference);
    expect(await newRequest.whatsApp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);

    // A fresh browser with no account: the name as the bank has it, the amount, how to pay.
    const { baseURL } = testInfo.project.use;
    const stranger = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const link = new PayLinkPage(await stranger.newPage(), js);
    expect(await link.open(path)).toBe(200);
    await expect(link.name).toHaveText(name);
    await expect(link.amount).toHaveText('₦2,500.00');
    await expect(link.account).toHaveText(requester.accountNumber);
    await expect(link.reference).toHaveText(reference);
    expect(await link.payNow.getAttribute('href')).toMatch(/^\/login\?next=%2Ftransfer%2Fsend/);

    // Part of it from another bank, the reference typed in lower case.
    await inboundWith(page.request, requester.accountNumber, naira(1_000), `lunch ${reference.toLowerCase()}`);
    await requests.goto();
    await expect(requests.status(reference)).toHaveText('Partly paid');
    await expect(requests.request(reference).getByTestId('request-paid')).toHaveText('₦1,000.00 received of ₦2,500.00');
    await link.open(path);
    await expect(link.left).toHaveText('₦1,500.00 left to pay');
    await waitForMailAbout(requester.email, new RegExp(`Your request ${reference} was partly paid: NGN1,000\\.00`));

    // The rest: paid, the requester alerted, and the link says so.
    await inboundWith(page.request, requester.accountNumber, naira(1_500), reference);
    await requests.goto();
    await expect(requests.status(reference)).toHaveText('Paid');
    const mail = await waitForMailAbout(requester.email, new RegExp(`Your request ${reference} was paid: NGN1,500\\.00`));
    expect(mail.text).toContain('You asked for ₦2,500.00 and have received ₦2,500.00 in all.');
    await waitForMailAbout(requester.email, /credit alert: NGN1,500\.00/);
    await link.open(path);
    await expect(link.page.getByRole('heading', { level: 1 })).toHaveText('This request is paid');
    await expect(link.payNow).toHaveCount(0);
    await stranger.close();
  });

  test('a customer of this bank pays from the link with "Pay now": signed out, through sign-in, to a prefilled transfer', async ({ page, browser, js, newRequest, requests }, testInfo) => {
    const requester = await signedInCustomer(page, 0);
    await newRequest.goto();
    const { path, reference } = await newRequest.create({ amount: '2500', note: 'Lunch' });

    const { baseURL } = testInfo.project.use;
    const payerContext = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const payer = await onboardThroughApi(payerContext.request, newCustomer());
    proveIdentity(payer.email);
    await inboundWith(payerContext.request, payer.accountNumber, naira(10_000), 'Salary');
    // Signed out in this browser (the API sign-up's cookie is dropped): the link sends them through sign-in.
    await payerContext.clearCookies();
    const payerPage = await payerContext.newPage();
    const link = new PayLinkPage(payerPage, js);
    await link.open(path);
    await link.payNow.click();
    const login = new LoginPage(payerPage, js);
    await login.arrivedAt(LoginPage.path);
    await login.signIn(payer.email, payer.password);
    const send = new SendMoneyPage(payerPage, js);
    await send.arrivedAt(SendMoneyPage.path);
    await expect(send.accountNumber).toHaveValue(requester.accountNumber);
    await expect(send.amount).toHaveValue(/^2,?500(\.00)?$/);
    await expect(send.narration).toHaveValue(`${reference} Lunch`);
    await send.proceed();
    await expect(send.recipientName).toHaveText(`${requester.firstName} ${requester.lastName}`.toUpperCase());
    await send.confirm(payer.pin);
    await new ReceiptPage(payerPage, js).arrived();
    await payerContext.close();

    await requests.goto();
    await expect(requests.status(reference)).toHaveText('Paid');
    await waitForMailAbout(requester.email, new RegExp(`Your request ${reference} was paid: NGN2,500\\.00`));
  });

  test('a cancelled request: its link answers as an unknown one', async ({ page, browser, js, newRequest, requests }, testInfo) => {
    await signedInCustomer(page, 0);
    await newRequest.goto();
    const { path, reference } = await newRequest.create({});
    await requests.goto();
    await expect(requests.status(reference)).toHaveText('Open');
    await requests.cancel(reference);
    await expect(requests.notice).toContainText(`Request ${reference} is cancelled`);
    await expect(requests.status(reference)).toHaveText('Cancelled');

    const { baseURL } = testInfo.project.use;
    const stranger = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const link = new PayLinkPage(await stranger.newPage(), js);
    expect(await link.open(path)).toBe(404);
    const cancelledText = await link.problem.textContent();
    expect(await link.open('/pay/ABCDEFGHJKMN')).toBe(404);
    expect(await link.problem.textContent()).toBe(cancelledText);
    await stranger.close();
  });
});
