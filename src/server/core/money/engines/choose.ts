import type { Db } from '../../../db/connection.ts';
import { engineOf } from '../../../db/engine.ts';
import type { MoneyPath } from '../money-path.ts';
import { createPostgresPath } from './postgres.ts';
import { createSqlitePath } from './sqlite.ts';

/** The money path for the engine `db` runs on: the one place the money gate's engine is asked. */
export function moneyPathFor(db: Db): MoneyPath {
  return engineOf(db) === 'postgres' ? createPostgresPath(db) : createSqlitePath(db);
}
