import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { engineOf } from './engine.ts';

/**
 * A query built with Kysely's builder (type-checked as everywhere else) but built and compiled
 * once per engine and shape, not on every call. Kysely builds a tree of frozen
 * operation nodes and compiles it to SQL on every call: on the money path that cost more of the
 * transfer service's CPU than SQLite's own work for the same statements.
 *
 * `build(db, param, shape)` is called once per engine and shape: every value that changes from
 * call to call goes in as `param('name')` (a list as `param.list('name', n)`, `n` from the shape),
 * which stands for the value in the tree; the compiled statement's parameters are then mapped
 * back to the names, and each call binds its own values into the kept SQL text. Constants the
 * builder binds as parameters (a `'customer'` in a where clause) stay as they were. A param the
 * builder does not bind as a parameter (put into the SQL text, used in a branch of the build
 * function) is refused the first time the query compiles, so a template cannot silently bind
 * the first caller's value for everyone.
 */
export type Param<P> = (<K extends keyof P & string>(name: K) => P[K]) & {
  /** `n` stand-ins for the items of the array param `name` (for `in (…)`); `n` must be part of the shape. */
  list: <K extends keyof P & string>(name: K, n: number) => P[K];
};

type Slot = { name: string; index: number | null } | { constant: unknown };
type Template = { sql: string; slots: Slot[]; lists: [string, number][] };

const marker = '\u0000param\u0000';
const stand = (name: string, index: number | null) => `${marker}${name}${index === null ? '' : `\u0000${index}`}`;

export function compiled<DB, P extends Record<string, unknown>, O, S extends string | number = ''>(build: (db: Kysely<DB>, param: Param<P>, shape: S) => Compilable<O>) {
  const templates = new Map<string, Template>();

  function compile(db: Kysely<DB>, shape: S): Template {
    const lists: [string, number][] = [];
    const list = (name: string, n: number) => {
      lists.push([name, n]);
      return Array.from({ length: n }, (_, index) => stand(name, index));
    };
    const param = Object.assign((name: string) => stand(name, null), { list }) as unknown as Param<P>;
    const query = build(db, param, shape).compile();
    if (query.sql.includes(marker)) throw new Error(`compiled query: a param went into the SQL text, not a parameter: ${query.sql}`);
    const slots: Slot[] = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(marker)) return { constant: value };
      const [name, index] = value.slice(marker.length).split('\u0000');
      return { name: name!, index: index === undefined ? null : Number(index) };
    });
    return { sql: query.sql, slots, lists };
  }

  /** The statement for `executor`'s engine with these values bound, not run (db/connection.ts batch). */
  function bind(executor: Kysely<DB>, params: P, shape: S = '' as S): CompiledQuery<O> {
    const key = `${engineOf(executor)}:${shape}`;
    let template = templates.get(key);
    if (!template) {
      template = compile(executor, shape);
      templates.set(key, template);
    }
    for (const [name, n] of template.lists) {
      const value = params[name];
      if (!Array.isArray(value) || value.length !== n) throw new Error(`compiled query: param ${name} must be an array of ${n} items for shape '${String(shape)}'`);
    }
    const parameters = template.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value = params[slot.name];
      return slot.index === null ? value : (value as unknown[])[slot.index];
    });
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<O>;
  }

  /** Runs the query on `executor` (the database or a transaction) with these values. */
  async function run(executor: Kysely<DB>, params: P, shape: S = '' as S): Promise<QueryResult<O>> {
    return executor.executeQuery<O>(bind(executor, params, shape));
  }
  return Object.assign(run, { bind });
}
