import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations, type Db } from './connection.ts';

export type Readiness = { ready: true } | { ready: false; reason: 'database_unreachable' | 'migrations_pending'; pending?: string[] };

/** The health endpoints' questions, answered without handing the database out. */
export function createHealthCheck(db: Db) {
  async function databaseReachable(): Promise<boolean> {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch {
      return false;
    }
  }
  return {
    /** Does the database answer `select 1`? */
    databaseReachable,
    /** Ready for customers: the database answers and every migration this build carries has run. */
    async readiness(): Promise<Readiness> {
      if (!(await databaseReachable())) return { ready: false, reason: 'database_unreachable' };
      try {
        const known = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).getMigrations();
        const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
        return pending.length === 0 ? { ready: true } : { ready: false, reason: 'migrations_pending', pending };
      } catch {
        return { ready: false, reason: 'database_unreachable' };
      }
    },
  };
}
