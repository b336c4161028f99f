import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { customerDataCsvHeader } from './customer-data.ts';

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

function csvRecords(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describeOnEngines('Download my data (%s)', (t) => {
  async function twoCustomers() {
    const ada = await customer(t().app, { balance: 5_000_000, firstName: 'Ọlá', lastName: 'Ɗanjuma-Ƙasim' });
    const bola = await customer(t().app, { balance: 3_000_000, firstName: 'Bola', lastName: 'Private' });
    // Ada pays Bola and saves her; Bola pays a third customer and saves them; Bola gets a deposit of her own.
    const third = await customer(t().app, { firstName: 'Chidi', lastName: 'Third' });
    const paid = await t().app.transfers.sendLocal(ada.userId, ada.accountNumber, { account_number: bola.accountNumber, amount: 120_000, narration: '=HYPERLINK("http://evil.example")', pin: testPin, save_beneficiary: true }, newKey());
    expect(paid.ok).toBe(true);
    const bolaPaid = await t().app.transfers.sendLocal(bola.userId, bola.accountNumber, { account_number: third.accountNumber, amount: 70_000, narration: 'Bola secret rent', pin: testPin, save_beneficiary: true }, newKey());
    expect(bolaPaid.ok).toBe(true);
    const deposit = await t().app.inbound.depositFromSandbox({ account_number: bola.accountNumber, amount: 99_900, narration: 'Bola private deposit' });
    expect(deposit.ok).toBe(true);
    return { ada, bola, third };
  }

  it("exports the customer's profile, account, beneficiaries and every transaction, and nothing of anyone else's", async () => {
    const { ada, bola, third } = await twoCustomers();
    const data = await t().app.dataExport.json(ada.userId);
    expect(data.profile).toMatchObject({ id: ada.userId, email: ada.email, first_name: 'Ọlá', last_name: 'Ɗanjuma-Ƙasim', is_transaction_pin_set: true });
    expect(data.profile.home_address).not.toBeNull();
    expect(data.accounts.map((account) => account.account_number)).toEqual([ada.accountNumber]);
    const [account] = data.accounts;
    expect(account!.beneficiaries.map((beneficiary) => beneficiary.account_number)).toEqual([bola.accountNumber]);
    // The opening deposit and the transfer to Bola, oldest first, exactly as the history shows them.
    const history = await t().app.transactions.history(ada.accountNumber, { page: 1, perPage: 100 });
    expect(account!.transactions).toEqual([...history.data].reverse());
    expect(account!.transactions.map((transaction) => transaction.narration)).toEqual(['Opening deposit', '=HYPERLINK("http://evil.example")']);

    const text = JSON.stringify(data);
    for (const theirs of [bola.userId, bola.email, third.accountNumber, third.userId, 'Bola secret rent', 'Bola private deposit']) expect(text).not.toContain(theirs);

    // No secret of any kind: not the hashes' values, nor a key that could carry one.
    const row = await t().app.db.selectFrom('users').selectAll().where('id', '=', ada.userId).executeTakeFirstOrThrow();
    for (const secret of [row.password_hash, row.transaction_pin_hash, row.security_answer_hash]) expect(text).not.toContain(secret!);
    const sessions = await t().app.db.selectFrom('sessions').selectAll().where('user_id', '=', ada.userId).execute();
    for (const session of sessions) for (const value of Object.values(session)) if (typeof value === 'string' && value.length > 20) expect(text).not.toContain(value);
    for (const key of keysOf(data)) expect(key, key).not.toMatch(/hash|password|answer|token|secret|^pin$|session_id_hash/i);
  });

  it('exports the transactions as CSV: one row each, formulas neutralised, nobody else’s rows', async () => {
    const { ada, bola } = await twoCustomers();
    const records = csvRecords(await t().app.dataExport.transactionsCsv(ada.userId));
    expect(records[0]).toBe(customerDataCsvHeader.join(','));
    expect(records).toHaveLength(3);
    expect(records[1]).toContain(`,${ada.accountNumber},`);
    expect(records[1]).toContain(',Opening deposit,');
    // The narration an attacker chose starts with "=": it is text, prefixed with a quote.
    expect(records[2]).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(records[2]).toMatch(/,Debit,Transfer,Successful,1200\.00,/);
    expect(records[2]).toContain(`,${bola.accountNumber},`);
    const csv = records.join('\n');
    expect(csv).not.toContain('Bola secret rent');
    expect(csv).not.toContain('Bola private deposit');
    // Bola's own export has her rows and not Ada's deposit.
    const hers = csvRecords(await t().app.dataExport.transactionsCsv(bola.userId));
    expect(hers).toHaveLength(1 + 4);
    expect(hers.join('\n')).toContain('Bola private deposit');
    expect(hers.join('\n')).not.toContain(ada.email);
  });

  it("lists the staff actions on the customer's account: when, the role, the action and the reason; never who, nor anyone else's", async () => {
    const { ada, bola } = await twoCustomers();
    expect((await t().app.dataExport.json(ada.userId)).staff_actions).toEqual([]);
    const invited = await t().app.staff.invite({ name: 'Kemi Support', email: 'kemi@bank.ng', role: 'support' }, { staffId: null, address: 'cli', via: 'cli' });
    if (!invited.ok) throw new Error(invited.message);
    const by = { staffId: invited.value.member.id, role: 'support' as const, address: '203.0.113.8' };
    expect((await t().app.desk.find(ada.accountNumber, by)).ok).toBe(true);
    expect((await t().app.desk.view(ada.userId, by)).ok).toBe(true);
    expect((await t().app.desk.freeze(ada.userId, 'Customer reported a stolen phone.', by)).ok).toBe(true);
    await t().app.desk.view(bola.userId, by);

    const data = await t().app.dataExport.json(ada.userId);
    expect(data.staff_actions).toEqual([
      { at: expect.stringMatching(/\+01:00$/), staff_role: 'support', action: 'customer.find', reason: null },
      { at: expect.stringMatching(/\+01:00$/), staff_role: 'support', action: 'customer.read', reason: null },
      { at: expect.stringMatching(/\+01:00$/), staff_role: 'support', action: 'account.freeze', reason: 'Customer reported a stolen phone.' },
    ]);
    const text = JSON.stringify(data);
    for (const who of ['Kemi', 'kemi@bank.ng', invited.value.member.id, '203.0.113.8']) expect(text).not.toContain(who);
    expect((await t().app.dataExport.json(bola.userId)).staff_actions.map((entry) => entry.action)).toEqual(['customer.read']);
  });

  it('names the files by the Lagos day', async () => {
    t().clock.advance(Date.parse('2026-11-21T23:30:00Z') - t().clock.now().getTime());
    expect(t().app.dataExport.fileName('json')).toBe('my-data-2026-11-22.json');
    expect(t().app.dataExport.fileName('csv')).toBe('my-transactions-2026-11-22.csv');
  });
});
