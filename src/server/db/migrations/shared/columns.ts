import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

/**
 * Plain columns for the migrations' `createTable(...)`, several to a line through Kysely's
 * `$call`: `.$call(required('text', 'reference', 'status', 'created_at'))` adds the three as
 * `.addColumn(name, 'text', (column) => column.notNull())` would, in that order, so the SQL is
 * the same to the letter on both engines. A column with anything more (a key, a reference, a
 * default other than a zero count, a check) is still written out with `addColumn`.
 *
 * Migrations import this file, so it is frozen as they are: migrations/hashes.json records its
 * hash (under shared/columns.ts) and the migrations test fails if it changes. A different helper
 * is a new file.
 */
type ColumnType = 'text' | 'integer' | 'bigint';
type AddColumns<N extends string> = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) => CreateTableBuilder<TB, C | N>;

function columns<N extends string>(type: ColumnType, names: N[], build?: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder): AddColumns<N> {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) => {
    let built = table as CreateTableBuilder<TB, C | N>;
    for (const name of names) built = built.addColumn(name, type, build);
    return built;
  };
}

/** NOT NULL columns of one type. */
export function required<N extends string>(type: ColumnType, ...names: N[]): AddColumns<N> {
  return columns(type, names, (column) => column.notNull());
}

/** Columns of one type that may be null. */
export function optional<N extends string>(type: ColumnType, ...names: N[]): AddColumns<N> {
  return columns(type, names);
}

/** Counts that start at zero: integer NOT NULL DEFAULT 0. */
export function counters<N extends string>(...names: N[]): AddColumns<N> {
  return columns('integer', names, (column) => column.notNull().defaultTo(0));
}
