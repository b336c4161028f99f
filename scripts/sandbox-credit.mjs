// npm run sandbox:credit -- <account number> <naira> [sender name]
// Simulates a transfer from another bank into a customer's account (sandbox switch only).
import { parseConfig } from '../src/server/config.ts';
import { createApp } from '../src/server/app.ts';
import { formatNaira } from '../src/lib/money.ts';
import { say } from '../src/i18n/translate.ts';

const [accountNumber, nairaText, ...senderWords] = process.argv.slice(2);
const naira = Number(nairaText);
if (!/^\d{10}$/.test(accountNumber ?? '') || !Number.isFinite(naira) || naira <= 0 || Math.round(naira * 100) !== naira * 100) {
  console.error('usage: npm run sandbox:credit -- <10-digit account number> <amount in naira, e.g. 5000 or 2500.50> [sender name]');
  process.exit(2);
}
const config = parseConfig({ ...process.env, SEED_DEMO: 'false' });
if (config.interbank.provider !== 'sandbox') {
  console.error('sandbox:credit only works while INTERBANK_PROVIDER=sandbox.');
  process.exit(2);
}
const app = await createApp(config);
try {
  const result = await app.inbound.receiveInterbank({
    account_number: accountNumber,
    amount: Math.round(naira * 100),
    sender_name: senderWords.join(' ') || 'SANDBOX SENDER',
    sender_bank_code: '000013',
  });
  if (!result.ok) {
    console.error(`Refused (${result.code}): ${say('en', result.message)}`);
    process.exitCode = 1;
  } else {
    console.log(`Credited ${formatNaira(result.value.amount)} to ${accountNumber}; balance now ${formatNaira(result.value.balance_after)} (reference ${result.value.reference}).`);
  }
} finally {
  await app.close();
}
