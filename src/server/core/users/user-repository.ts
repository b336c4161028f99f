import type { Db } from '../../db/connection.ts';
import type { AccountRow, NewUserRow, UserRow } from '../../db/schema.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A customer's row, accounts and what presentUser shows of their onboarding (PresentableProfile). */
export type UserProfile = {
  user: UserRow;
  hasAddress: boolean;
  pinSet: boolean;
  answerSet: boolean;
  accounts: AccountRow[];
};

export function createUserRepository(db: Db) {
  return {
    findByEmail(email: string, executor: Executor = db) {
      return executor.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: string, executor: Executor = db) {
      return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async existsWithPhone(phoneNumber: string, executor: Executor = db): Promise<boolean> {
      const row = await executor.selectFrom('users').select('id').where('phone_number', '=', phoneNumber).executeTakeFirst();
      return row !== undefined;
    },
    async insert(user: NewUserRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('users').values(user).execute();
    },
    async update(id: string, changes: Partial<Omit<UserRow, 'id' | 'created_at'>>, executor: Executor = db): Promise<void> {
      await executor.updateTable('users').set(changes).where('id', '=', id).execute();
    },
    async upsertAddress(address: { user_id: string; address: string; city: string; state: string; lga: string; created_at: string }, executor: Executor = db): Promise<void> {
      await executor
        .insertInto('addresses')
        .values(address)
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ address: address.address, city: address.city, state: address.state, lga: address.lga }),
        )
        .execute();
    },
    /** The home address on file (onboarding's address step), for the settings page. */
    findAddress(userId: string, executor: Executor = db) {
      return executor.selectFrom('addresses').select(['address', 'city', 'lga', 'state']).where('user_id', '=', userId).executeTakeFirst();
    },
    /** The user, whether an address is on file, and their accounts: what every signed-in request needs. */
    async loadProfile(id: string, executor: Executor = db): Promise<UserProfile | undefined> {
      // Two queries, not three: whether an address is on file comes with the user's row.
      const row = await executor
        .selectFrom('users')
        .selectAll('users')
        .select((eb) => eb.exists(eb.selectFrom('addresses').select('addresses.user_id').whereRef('addresses.user_id', '=', 'users.id')).as('has_address'))
        .where('users.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { has_address: hasAddress, ...user } = row;
      const accounts = await executor.selectFrom('accounts').selectAll().where('user_id', '=', id).orderBy('created_at').execute();
      // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
      return { user, hasAddress: Boolean(hasAddress), pinSet: user.transaction_pin_hash !== null, answerSet: user.security_answer_hash !== null, accounts };
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

/** Who a new customer is, as registration knows them. */
export type NewCustomer = Pick<NewUserRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'password_hash' | 'email_verified_at'>;

/** A new customer's row: tier 0 (nothing proved, so no money moves: core/kyc/identity-rule.ts), none of onboarding done yet (no PIN, no security question). */
export function newCustomerRow(customer: NewCustomer, now: string): NewUserRow {
  return {
    ...customer,
    tier: 0,
    transaction_pin_hash: null,
    transaction_pin_set_at: null,
    security_question_id: null,
    security_answer_hash: null,
    security_question_set_at: null,
    created_at: now,
    updated_at: now,
  };
}
