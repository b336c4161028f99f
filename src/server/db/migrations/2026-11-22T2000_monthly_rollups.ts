import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { required } from './shared/columns.ts';

/**
 * Monthly rollups (issue 16): per account, Lagos month (`YYYY-MM` of value_date), type, category
 * and status, how many transactions rows there are and what their amounts and fees sum to. The
 * dashboard's 12-month statistics read at most a few dozen of these rows instead of every
 * transaction of the year.
 *
 * The rollups are kept by triggers on `transactions`, in the statement that writes or changes a
 * row and so in its transaction: an insert adds the row to its group, a change of any grouped
 * column or of amount or fee moves it from the old group to the new, a delete takes it out. Every
 * writer (recordTransaction, a settlement or reversal changing a status, a script) is covered
 * without knowing about them, and none of them pays an extra round trip. `ledger:verify` checks
 * every rollup against the transactions.
 *
 * Groups are never deleted; one whose rows all moved away keeps count 0 and sums 0.
 * Existing transactions are summed in here (backfill), on both engines.
 */
const columns = 'account_number, month, type, category, status, row_count, amount_kobo, fee_kobo';

function addRow(row: 'new' | 'NEW'): string {
  return `insert into monthly_rollups (${columns})
    values (${row}.account_number, substr(${row}.value_date, 1, 7), ${row}.type, ${row}.category, ${row}.status, 1, ${row}.amount, ${row}.fee)
    on conflict (account_number, month, type, category, status) do update set
      row_count = monthly_rollups.row_count + 1,
      amount_kobo = monthly_rollups.amount_kobo + excluded.amount_kobo,
      fee_kobo = monthly_rollups.fee_kobo + excluded.fee_kobo;`;
}

function takeRow(row: 'old' | 'OLD'): string {
  return `update monthly_rollups set row_count = row_count - 1, amount_kobo = amount_kobo - ${row}.amount, fee_kobo = fee_kobo - ${row}.fee
    where account_number = ${row}.account_number and month = substr(${row}.value_date, 1, 7) and type = ${row}.type and category = ${row}.category and status = ${row}.status;`;
}

/** The grouped columns and the summed ones: a change to any of them moves the row. */
const watched = ['account_number', 'value_date', 'type', 'category', 'status', 'amount', 'fee'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('monthly_rollups')
    .$call(required('text', 'account_number', 'month', 'type', 'category', 'status'))
    .$call(required('bigint', 'row_count', 'amount_kobo', 'fee_kobo'))
    .addPrimaryKeyConstraint('monthly_rollups_pk', ['account_number', 'month', 'type', 'category', 'status'])
    .addCheckConstraint('monthly_rollups_not_negative', sql`row_count >= 0`)
    .execute();

  await sql
    .raw(
      `insert into monthly_rollups (${columns})
       select account_number, substr(value_date, 1, 7), type, category, status, count(*), sum(amount), sum(fee)
       from transactions group by account_number, substr(value_date, 1, 7), type, category, status`,
    )
    .execute(db);

  const changed = watched.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
  if (engine === 'postgres') {
    await sql
      .raw(
        `create function monthly_rollups_follow() returns trigger language plpgsql as $$
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
    await sql.raw(`create trigger transactions_rollup_write after insert or delete on transactions for each row execute function monthly_rollups_follow()`).execute(db);
    await sql.raw(`create trigger transactions_rollup_update after update on transactions for each row when (${changed}) execute function monthly_rollups_follow()`).execute(db);
    return;
  }
  const sqliteChanged = watched.map((column) => `old.${column} is not new.${column}`).join(' or ');
  await sql.raw(`create trigger transactions_rollup_insert after insert on transactions begin ${addRow('new')} end`).execute(db);
  await sql.raw(`create trigger transactions_rollup_update after update on transactions when ${sqliteChanged} begin ${takeRow('old')} ${addRow('new')} end`).execute(db);
  await sql.raw(`create trigger transactions_rollup_delete after delete on transactions begin ${takeRow('old')} end`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  if (engine === 'postgres') {
    await sql.raw('drop trigger if exists transactions_rollup_write on transactions').execute(db);
    await sql.raw('drop trigger if exists transactions_rollup_update on transactions').execute(db);
    await sql.raw('drop function if exists monthly_rollups_follow()').execute(db);
  } else {
    for (const trigger of ['transactions_rollup_insert', 'transactions_rollup_update', 'transactions_rollup_delete']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await db.schema.dropTable('monthly_rollups').execute();
}
