import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statementWith, transaction } from '../../testing/document-fixtures.ts';
import { allText, inspectPdf, pageText } from '../../testing/inspect-pdf.ts';
import { formatNgn } from './pdf.ts';
import { textWidth } from './pdf-text.ts';
import { csvAmount, csvTextCell, describeTransaction, statementCsv, statementPdf, statementTotals } from './statement.ts';

const BOM = '\uFEFF';

function csvRecords(csv: string): string[] {
  expect(csv.startsWith(BOM)).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('describeTransaction', () => {
  it('adds to/from NAME (BANK) for a counterparty', () => {
    expect(describeTransaction(transaction())).toBe('Rent share · to ADAEZE OKAFOR (Guaranty Trust Bank)');
    expect(describeTransaction(transaction({ type: 'credit', narration: 'Refund' }))).toBe('Refund · from ADAEZE OKAFOR (Guaranty Trust Bank)');
    expect(describeTransaction(transaction({ narration: '  ' }))).toBe('To ADAEZE OKAFOR (Guaranty Trust Bank)');
  });
  it('is the narration alone (or the category) without one', () => {
    expect(describeTransaction(transaction({ counterparty: null, narration: 'MTN airtime 08031234567' }))).toBe('MTN airtime 08031234567');
    expect(describeTransaction(transaction({ counterparty: null, narration: '', category: 'cable' }))).toBe('Cable TV');
  });
});

describe('statementTotals', () => {
  it('counts principals and fees, and leaves failed transactions out of the money', () => {
    const totals = statementTotals([
      transaction({ type: 'credit', category: 'deposit', amount: 1_000_000, fee: 0 }),
      transaction({ amount: 500_000, fee: 7_500 }),
      transaction({ amount: 200_000, fee: 2_500, status: 'failed' }),
      transaction({ amount: 300_000, fee: 0, status: 'reversed' }),
      transaction({ type: 'credit', category: 'reversal', amount: 300_000, fee: 0 }),
    ]);
    expect(totals).toEqual({ moneyIn: 1_300_000, moneyOut: 807_500, count: 5 });
  });
});

describe('statementCsv', () => {
  it('is a BOM, the header and one CRLF-terminated record per transaction', () => {
    const input = statementWith(3);
    const csv = statementCsv(input);
    const records = csvRecords(csv);
    expect(records[0]).toBe('Date,Reference,Description,Category,Status,Debit,Credit,Fee,Balance');
    expect(records).toHaveLength(4);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // Debit: principal in Debit, charges in Fee, balance after posting; no thousands separators.
    expect(records[1]).toBe('2026-11-01 10:30,REF00000,Payment number 0 · to ADAEZE OKAFOR (Guaranty Trust Bank),Transfer,Successful,1000.00,,26.88,498973.12');
    expect(records[2]).toBe('2026-11-10 10:30,REF00001,Payment number 1 · from ADAEZE OKAFOR (Guaranty Trust Bank),Deposit,Successful,,1001.01,0.00,499974.13');
  });

  it('formats amounts in naira with two decimals', () => {
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(123456)).toBe('1234.56');
    expect(csvAmount(100_000_000_00)).toBe('100000000.00');
    expect(csvAmount(-50_000)).toBe('-500.00');
    expect(() => csvAmount(0.5)).toThrow();
  });

  it('writes dates in Lagos time whatever the offset of created_at', () => {
    const csv = statementCsv(statementWith(0, { transactions: [transaction({ created_at: '2026-11-21T23:30:00Z' })] }));
    expect(csvRecords(csv)[1]!.startsWith('2026-11-22 00:30,')).toBe(true);
  });

  it('quotes fields with commas, quotes and newlines (RFC 4180)', () => {
    expect(csvTextCell('plain')).toBe('plain');
    expect(csvTextCell('a,b')).toBe('"a,b"');
    expect(csvTextCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvTextCell('two\nlines')).toBe('"two\nlines"');
    const csv = statementCsv(
      statementWith(0, { transactions: [transaction({ narration: 'Rent, "May"\nflat 2', counterparty: null })] }),
    );
    expect(csv).toContain(',"Rent, ""May""\nflat 2",Transfer,');
  });

  it('neutralises spreadsheet formulas in text cells', () => {
    expect(csvTextCell('=1+1')).toBe("'=1+1");
    expect(csvTextCell('+2348031234567')).toBe("'+2348031234567");
    expect(csvTextCell('-5')).toBe("'-5");
    expect(csvTextCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvTextCell('\tx')).toBe("'\tx");
    expect(csvTextCell('\rx')).toBe('"\'\rx"');
    expect(csvTextCell('a=b')).toBe('a=b');
    const csv = statementCsv(
      statementWith(0, {
        transactions: [transaction({ reference: '=cmd|calc', narration: '=HYPERLINK("http://evil.example","Click")', counterparty: null })],
      }),
    );
    const record = csvRecords(csv)[1]!;
    expect(record).toBe(`2026-11-21 09:15,'=cmd|calc,"'=HYPERLINK(""http://evil.example"",""Click"")",Transfer,Successful,5000.00,,75.00,10000.00`);
  });

  it('does not guard the numeric cells it writes (a negative balance stays a number)', () => {
    const csv = statementCsv(statementWith(0, { transactions: [transaction({ balance_after: -50_000 })] }));
    expect(csvRecords(csv)[1]!.endsWith(',-500.00')).toBe(true);
  });

  it('keeps non-Latin narration as UTF-8', () => {
    const csv = statementCsv(statementWith(0, { transactions: [transaction({ narration: '₦5k for Ọlá', counterparty: null })] }));
    expect(csv).toContain(',₦5k for Ọlá,');
  });

  it('is just the header for an empty period', () => {
    expect(statementCsv(statementWith(0))).toBe(`${BOM}Date,Reference,Description,Category,Status,Debit,Credit,Fee,Balance\r\n`);
  });
});

describe('statementPdf', () => {
  it('spreads 120 transactions over several pages with the header repeated and "Page n of m"', () => {
    const input = statementWith(120);
    const pdf = inspectPdf(statementPdf(input));
    // 122 rows (opening, 120 transactions, closing): 23 on page 1, 29 on each later page.
    expect(pdf.pageCount).toBe(5);
    expect(pdf.text).toContain('/Count 5');
    pdf.pages.forEach((page, index) => {
      expect(page.strings).toContain(`Page ${index + 1} of 5`);
      expect(page.strings).toContain('Date');
      expect(page.strings).toContain('Description');
      expect(page.strings).toContain('Debit (₦)');
      expect(page.strings).toContain('Credit (₦)');
      expect(page.strings).toContain('Balance (₦)');
    });
    // Every transaction appears exactly once, in order.
    const text = allText(pdf);
    const positions = input.transactions.map((item) => text.indexOf(`${item.reference} · `));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const item of input.transactions) expect(text.split(`${item.reference} · `)).toHaveLength(2);
    expect(pageText(pdf, 0)).toContain('REF00000 · Transfer · Successful · incl. fee 26.88');
    expect(pageText(pdf, 4)).toContain('REF00119 · Deposit · Successful');
    expect(pageText(pdf, 4)).toContain('Closing balance');
  });

  it('has the header and the summary on page 1', () => {
    const input = statementWith(4);
    const page = pageText(inspectPdf(statementPdf(input)), 0).split('\n');
    expect(page).toEqual(
      expect.arrayContaining([
        'Naija Retail Bank',
        'Account statement',
        'Generated 1 December 2026, 08:00 WAT',
        'Chiamaka Eze',
        '0011223344',
        '1 Nov 2026 to 30 Nov 2026',
        'Opening balance',
        '₦500,000.00',
        'Money in',
        '₦2,004.04',
        'Money out',
        '₦2,055.78',
        'Closing balance',
        formatNgn(input.closingBalance),
        'Transactions',
        '4',
      ]),
    );
    expect(formatNgn(input.closingBalance)).toBe('₦499,948.26');
    // Table amounts: debit = principal + fee, credit = principal, balance after.
    expect(page).toEqual(expect.arrayContaining(['1,026.88', '1,001.01', '498,973.12', '499,974.13', '500,000.00']));
  });

  it('truncates long descriptions with an ellipsis to fit the column', () => {
    const narration = 'School fees for the first term of the 2026/2027 session at Greenfield Academy, Lekki (second instalment)';
    const input = statementWith(0, { transactions: [transaction({ narration })] });
    const strings = inspectPdf(statementPdf(input)).pages[0]!.strings;
    const description = strings.find((value) => value.startsWith('School fees'))!;
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThan(narration.length);
    expect(textWidth(description, 'regular', 8)).toBeLessThanOrEqual(229);
    expect(textWidth(description, 'regular', 8)).toBeGreaterThan(200);
    expect(strings.some((value) => value.includes('instalment'))).toBe(false);
  });

  it('greys out failed transactions and says they are not in the totals', () => {
    const input = statementWith(0, { transactions: [transaction({ status: 'failed', reference: 'FAILED001' })] });
    const pdf = inspectPdf(statementPdf(input));
    const text = pageText(pdf, 0);
    expect(text).toContain('FAILED001 · Transfer · Failed · incl. fee 75.00 · not posted');
    expect(text).toContain('Failed transactions are listed in grey for reference; they moved no money and are not in the totals.');
    const row = pdf.pages[0]!.texts.find((item) => item.text === '21 Nov 2026')!;
    expect(row.grey).toBeCloseTo(0.45, 2);
    expect(pdf.pages[0]!.texts.find((item) => item.text === 'Opening balance' && item.font === 'NotoSans-Bold')!.grey).toBe(0);
  });

  it('is a valid one-page statement saying there were no transactions for an empty period', () => {
    const input = statementWith(0, { openingBalance: 1_234_56, closingBalance: 1_234_56 });
    const pdf = inspectPdf(statementPdf(input));
    expect(pdf.pageCount).toBe(1);
    const strings = pdf.pages[0]!.strings;
    expect(strings).toContain('There were no transactions on this account in this period.');
    expect(strings).toContain('Page 1 of 1');
    expect(strings).toContain('₦0.00');
    expect(strings.filter((value) => value === '₦1,234.56')).toHaveLength(2);
    expect(strings).toContain('0');
  });

  it('prints a Nigerian name exactly, with ₦ amounts, on every page', () => {
    const name = 'Ọlá Ɗanjuma-Ƙasim';
    const input = statementWith(40, { customerName: name });
    input.transactions[3] = { ...input.transactions[3]!, counterparty: { name: 'Adébáyọ̀ Ɓala', account_number: '0123456789', bank_code: '058', bank_name: 'Guaranty Trust Bank' } };
    const pdf = inspectPdf(statementPdf(input));
    expect(pdf.pageCount).toBe(2);
    const first = pdf.pages[0]!.strings;
    expect(first).toContain(name);
    expect(first).toContain('₦500,000.00');
    expect(first).toContain('Debit (₦)');
    expect(pageText(pdf, 0)).toContain(`Payment number 3 · from ${'Adébáyọ̀ Ɓala'.normalize('NFC')} (Guaranty Trust`);
    // The footer names the customer on every page.
    for (const page of pdf.pages) expect(page.strings.some((value) => value.includes(` · ${name} · 0011223344 · `))).toBe(true);
    expect(allText(pdf)).not.toContain('?');
  });

  it('is written in the customer’s language: Igbo labels, summary, rows and footer read back exactly; Yorùbá dates from Intl', () => {
    const input = statementWith(2, { locale: 'ig', customerName: 'Chiamaka Eze' });
    input.transactions.push(transaction({ status: 'failed', reference: 'FAILED001', created_at: '2026-11-21T10:30:00+01:00' }));
    const pdf = inspectPdf(statementPdf(input));
    const strings = pdf.pages[0]!.strings;
    expect(strings).toEqual(expect.arrayContaining(['Nkwupụta akaụntụ', 'Onye ahịa', 'Nọmba akaụntụ', 'Oge', 'Ego mmalite', 'Ego batara', 'Ego pụrụ', 'Ego njedebe', 'Azụmahịa', 'Ụbọchị', 'Nkọwa', 'Ego pụrụ (₦)', 'Ego batara (₦)', 'Ego fọdụrụ (₦)', 'Ibe 1 n’ime 1']));
    expect(strings.find((value) => value.startsWith('E mepụtara ya '))).toMatch(/^E mepụtara ya 1 .+ 2026, 08:00 WAT$/);
    expect(strings).toContain('Azụmahịa ndị na-agaghị nọ na agba ntụ maka ntụaka; ha ebughị ego ọ bụla, ha anọghịkwa n’ime nchịkọta.');
    const text = pageText(pdf, 0);
    expect(strings).toEqual(expect.arrayContaining(['1 Nov 2026 ruo 30 Nov 2026', 'REF00000 · Nzipu ego · Ọ gara nke ọma · gụnyere ụgwọ ọrụ 26.88', 'REF00001 · Ego e tinyere · Ọ gara nke ọma', 'Rent share · nye ADAEZE OKAFOR (Guaranty Trust Bank)']));
    expect(text).toContain('Payment number 1 · site n’aka ADAEZE OKAFOR');
    expect(strings.find((value) => value.startsWith('FAILED001 · '))).toMatch(/^FAILED001 · Nzipu ego · Ọ gaghị · gụnyere ụgwọ ọrụ 75\.00 · /);
    expect(text).not.toMatch(/Account statement|Opening balance|Money in|Page 1 of|incl\. fee|[\uFB00-\uFB06]/);
    const yo = inspectPdf(statementPdf(statementWith(0, { locale: 'yo' }))).pages[0]!.strings;
    expect(yo).toEqual(expect.arrayContaining(['Ìwé ìṣirò àkáǹtì', 'Owó ìbẹ̀rẹ̀', 'Kò sí ìdúnàádúrà kankan lórí àkáǹtì yìí ní àkókò yìí.', 'Ojú ìwé 1 nínú 1']));
    // The whole period, in the Period box (a little smaller) and in the footer.
    expect(yo.some((value) => /^1 \S.+ 2026 sí 30 \S.+ 2026$/.test(value))).toBe(true);
    expect(yo.some((value) => /^Naija Retail Bank · .+ · 0011223344 · 1 \S.+ 2026 sí 30 \S.+ 2026$/.test(value))).toBe(true);
  });

  it('refuses malformed periods and amounts', () => {
    expect(() => statementPdf(statementWith(0, { from: '2026-02-30' }))).toThrow(/YYYY-MM-DD/);
    expect(() => statementPdf(statementWith(0, { openingBalance: 1.5 }))).toThrow();
  });

  const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
  it.skipIf(!hasPdftotext)('extracts with pdftotext (poppler) to the account number and amounts', () => {
    const directory = mkdtempSync(join(tmpdir(), 'statement-'));
    try {
      const file = join(directory, 'statement.pdf');
      writeFileSync(file, statementPdf(statementWith(40)));
      const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('0011223344');
      expect(result.stdout).toContain('₦500,000.00');
      expect(result.stdout).toContain('Page 1 of 2');
      expect(result.stdout).toContain('Page 2 of 2');
      expect(result.stdout).toContain('REF00039');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
