import { PostgresAdapter, type DialectAdapter } from 'kysely';

/** The two database engines the server runs on. */
export type Engine = 'sqlite' | 'postgres';

/**
 * The engine a database handle (or one of its transactions) runs on: the one way any code asks.
 * The handle knows it from its adapter, so a function given only the handle or a transaction
 * never needs the configuration passed down beside it, and nothing can tell it a different
 * answer from the one the statements will meet.
 */
export function engineOf(executor: { getExecutor(): { readonly adapter: DialectAdapter } }): Engine {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
