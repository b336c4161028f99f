import { sql, type Kysely } from 'kysely';

/**
 * The ledger: journal entries and their postings (never updated, never deleted), the
 * customer-facing transaction records, interbank transfers awaiting settlement, idempotency
 * records, beneficiaries, statement requests, the PIN lockout, and the bank's own accounts.
 */
export const internalAccountRows = [
  ['GL-INTERBANK-SETTLEMENT', 'Interbank settlement (NIP)'],
  ['GL-BILLER-SETTLEMENT', 'Biller settlement'],
  ['GL-FEE-INCOME', 'Fee income'],
  ['GL-STAMP-DUTY', 'Stamp duty payable'],
  ['GL-SANDBOX-FUNDING', 'Sandbox funding'],
  ['GL-SUSPENSE', 'Suspense: transfers awaiting settlement'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pin_failed_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('pin_locked_until', 'text').execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // An entry is reversed at most once: the unique index makes a second reversal impossible.
    .addColumn('reverses_entry_id', 'text', (c) => c.unique().references('journal_entries.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journal_entries_reference').on('journal_entries').column('reference').execute();

  await db.schema
    .createTable('postings')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull().references('accounts.account_number'))
    // Signed kobo: negative takes from the account, positive adds to it. An entry's lines sum to zero.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('postings_pk', ['entry_id', 'line'])
    .addCheckConstraint('postings_amount_not_zero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('postings_account').on('postings').column('account_number').execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull().references('accounts.account_number'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('counterparty_name', 'text')
    .addColumn('counterparty_account', 'text')
    .addColumn('counterparty_bank_code', 'text')
    .addColumn('counterparty_bank_name', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entries.id'))
    // The bank's day (Africa/Lagos) the movement belongs to: daily limits, filters, statistics.
    .addColumn('value_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('transactions_account_reference', ['account_number', 'reference'])
    .addCheckConstraint('transactions_amount_positive', sql`amount > 0 and fee >= 0`)
    .execute();
  await db.schema.createIndex('transactions_account_created').on('transactions').columns(['account_number', 'created_at']).execute();
  await db.schema.createIndex('transactions_account_value_date').on('transactions').columns(['account_number', 'value_date']).execute();

  await db.schema
    .createTable('interbank_transfers')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('destination_bank_code', 'text', (c) => c.notNull())
    .addColumn('destination_account', 'text', (c) => c.notNull())
    .addColumn('destination_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('name_enquiry_session_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_code', 'text')
    .addColumn('query_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_query_at', 'text', (c) => c.notNull())
    .addColumn('idempotency_user_id', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('interbank_transfers_pending').on('interbank_transfers').columns(['status', 'next_query_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('transaction_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('beneficiaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('owner_account', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('beneficiaries_unique', ['user_id', 'bank_code', 'account_number'])
    .execute();

  await db.schema
    .createTable('statement_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('statement_requests_user').on('statement_requests').columns(['user_id', 'created_at']).execute();

  // The sandbox interbank switch's own memory of the funds transfers it received, so that a
  // status query can tell "never arrived" (reverse) from "arrived" (its outcome).
  await db.schema
    .createTable('sandbox_nip_transfers')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('destination_bank_code', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  for (const [accountNumber, name] of internalAccountRows) {
    await db
      .insertInto('accounts' as never)
      .values({ account_number: accountNumber, user_id: null, kind: 'internal', account_name: name, type: 'ledger', currency: 'NGN', balance: 0, created_at: now } as never)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_nip_transfers', 'statement_requests', 'beneficiaries', 'idempotency_keys', 'interbank_transfers', 'transactions', 'postings', 'journal_entries']) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom('accounts' as never).where('kind' as never, '=', 'internal' as never).execute();
  await db.schema.alterTable('users').dropColumn('pin_locked_until').execute();
  await db.schema.alterTable('users').dropColumn('pin_failed_attempts').execute();
}
