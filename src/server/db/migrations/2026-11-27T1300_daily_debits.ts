import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { required } from './shared/columns.ts';

/**
 * Daily debits (issue 16): per account and Lagos day (value_date), the principal of the debits
 * that count against the day's limits, the same rows the money gate summed on every payment
 * (type 'debit', status 'successful' or 'pending', `amount` without fees). A payment now reads
 * one row where it summed every debit of the day, so the hundredth transfer of a day costs what
 * the first did.
 *
 * Kept by triggers on `transactions`, as the monthly rollups are, in the statement that writes
 * or changes a row and so in its transaction: an insert of a counted debit adds it; a change of
 * the account, day, type, status or amount takes the old row out (when it counted) and puts the
 * new one in (when it counts), so a reversal (status → reversed) gives the limit back at once; a
 * delete takes it out. Rows are never deleted; the CHECK refuses a negative total, and
 * `ledger:verify` compares every row with the transactions.
 */
const counted = (row: string) => `${row}.type = 'debit' and ${row}.status in ('successful', 'pending')`;

function addRow(row: 'new' | 'NEW'): string {
  return `insert into daily_debits (account_number, value_date, amount_kobo)
    select ${row}.account_number, ${row}.value_date, ${row}.amount where ${counted(row)}
    on conflict (account_number, value_date) do update set amount_kobo = daily_debits.amount_kobo + excluded.amount_kobo;`;
}

function takeRow(row: 'old' | 'OLD'): string {
  return `update daily_debits set amount_kobo = amount_kobo - ${row}.amount
    where account_number = ${row}.account_number and value_date = ${row}.value_date and ${counted(row)};`;
}

const watched = ['account_number', 'value_date', 'type', 'status', 'amount'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('daily_debits')
    .$call(required('text', 'account_number', 'value_date'))
    .$call(required('bigint', 'amount_kobo'))
    .addPrimaryKeyConstraint('daily_debits_pk', ['account_number', 'value_date'])
    .addCheckConstraint('daily_debits_not_negative', sql`amount_kobo >= 0`)
    .execute();

  await sql
    .raw(
      `insert into daily_debits (account_number, value_date, amount_kobo)
       select account_number, value_date, sum(amount) from transactions
       where type = 'debit' and status in ('successful', 'pending')
       group by account_number, value_date`,
    )
    .execute(db);

  if (engine === 'postgres') {
    const changed = watched.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
    await sql
      .raw(
        `create function daily_debits_follow() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${takeRow('OLD')}
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${addRow('NEW')}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger transactions_daily_debits_write after insert or delete on transactions for each row execute function daily_debits_follow()`).execute(db);
    await sql.raw(`create trigger transactions_daily_debits_update after update on transactions for each row when (${changed}) execute function daily_debits_follow()`).execute(db);
    return;
  }
  const changed = watched.map((column) => `old.${column} is not new.${column}`).join(' or ');
  await sql.raw(`create trigger transactions_daily_debits_insert after insert on transactions when ${counted('new')} begin ${addRow('new')} end`).execute(db);
  await sql.raw(`create trigger transactions_daily_debits_update after update on transactions when ${changed} begin ${takeRow('old')} ${addRow('new')} end`).execute(db);
  await sql.raw(`create trigger transactions_daily_debits_delete after delete on transactions when ${counted('old')} begin ${takeRow('old')} end`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  if (engine === 'postgres') {
    await sql.raw('drop trigger if exists transactions_daily_debits_write on transactions').execute(db);
    await sql.raw('drop trigger if exists transactions_daily_debits_update on transactions').execute(db);
    await sql.raw('drop function if exists daily_debits_follow()').execute(db);
  } else {
    for (const trigger of ['transactions_daily_debits_insert', 'transactions_daily_debits_update', 'transactions_daily_debits_delete']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await db.schema.dropTable('daily_debits').execute();
}
