import { sql, type RawBuilder } from 'kysely';

/**
 * Multi-row inserts as one statement with every value a parameter, for the ledger's riders and
 * for any table (the job queue's too): the database layer's, so neither has to reach into the other.
 */
/** A data-modifying statement written with an entry's postings (postEntry's `riders`); no RETURNING. */
export type Rider = RawBuilder<unknown>;

/** `insert into table (columns) values (…), (…)` with every value a parameter: a rider, or a statement of its own. */
export function insertRows(table: string, rows: readonly Record<string, unknown>[], tail: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  const columns = Object.keys(rows[0]!);
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column]);
  return sql(insertFragments(table, columns, rows.length) as unknown as TemplateStringsArray, ...values, tail);
}

const identifier = /^[a-z_][a-z0-9_]*$/;
const fragmentCache = new Map<string, readonly string[]>();
/**
 * The SQL text around insertRows' values, kept per table, columns and row count: the
 * same fragments a `sql` template would give, built once instead of joined from pieces on every
 * call. Identifiers are code's own names, checked, and quoted as both engines quote them.
 */
function insertFragments(table: string, columns: readonly string[], rowCount: number): readonly string[] {
  const key = `${table}\u0000${columns.join(',')}\u0000${rowCount}`;
  let fragments = fragmentCache.get(key);
  if (!fragments) {
    for (const name of [table, ...columns]) if (!identifier.test(name)) throw new Error(`insertRows: not a plain identifier: ${name}`);
    const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values (`;
    const list: string[] = [head];
    for (let row = 0; row < rowCount; row += 1) {
      for (let column = 1; column < columns.length; column += 1) list.push(', ');
      list.push(row === rowCount - 1 ? ')' : '), (');
    }
    // The last fragment before the tail: the tail is one more parameter (a RawBuilder), then nothing.
    list.push('');
    fragments = Object.freeze(list);
    if (fragmentCache.size >= 1_000) fragmentCache.clear(); // shapes are few; a bulk writer with many row counts must not grow it forever
    fragmentCache.set(key, fragments);
  }
  return fragments;
}
