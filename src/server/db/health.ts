import { sql } from 'kysely';
import type { Db } from './connection.ts';

/** The health endpoint's question, answered without handing the database out: does it answer `select 1`? */
export function createHealthCheck(db: Db) {
  return {
    async databaseReachable(): Promise<boolean> {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}
