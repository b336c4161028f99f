import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Times are ISO 8601 UTC strings (they sort as text on both
 * engines); money is BIGINT kobo, read as a JavaScript number on both (see connection.ts).
 */
type Money = ColumnType<number, number, number>;

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  tier: number;
  email_verified_at: string | null;
  transaction_pin_hash: string | null;
  transaction_pin_set_at: string | null;
  security_question_id: number | null;
  security_answer_hash: string | null;
  security_question_set_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AddressesTable {
  user_id: string;
  address: string;
  city: string;
  state: string;
  lga: string;
  created_at: string;
}

export interface AccountsTable {
  account_number: string;
  user_id: string | null;
  kind: 'customer' | 'internal';
  account_name: string;
  type: string;
  currency: string;
  balance: Money;
  created_at: string;
}

export interface CountersTable {
  name: string;
  value: Money;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: 'email_verification' | 'password_reset';
  code_hash: string;
  expires_at: string;
  attempts: Generated<number>;
  consumed_at: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  email: string;
  failures: number;
  first_failed_at: string;
  locked_until: string | null;
}

export interface Database {
  users: UsersTable;
  addresses: AddressesTable;
  accounts: AccountsTable;
  counters: CountersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  login_failures: LoginFailuresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
