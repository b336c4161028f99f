import type { Db } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { newId } from '../ids.ts';
import type { BeneficiaryRow } from '../../db/schema.ts';
import type { BeneficiaryCreateInput } from '../../../lib/money-schemas.ts';
import type { NameEnquiries } from '../transfers/name-enquiries.ts';
import { toLagosIso } from '../../../lib/lagos-time.ts';
import { said } from '../../../i18n/said.ts';

export type BeneficiaryJson = { id: string; account_number: string; account_name: string; bank_code: string; bank_name: string; nickname: string | null; created_at: string };

export function presentBeneficiary(row: BeneficiaryRow): BeneficiaryJson {
  return { id: row.id, account_number: row.account_number, account_name: row.account_name, bank_code: row.bank_code, bank_name: row.bank_name, nickname: row.nickname, created_at: toLagosIso(row.created_at) };
}

/**
 * Saved recipients. The name always comes from a name enquiry, never from the customer; another
 * customer's beneficiary is "not found", never "forbidden", so ids reveal nothing.
 */
export function createBeneficiaryService(deps: { db: Db; clock: Clock; nameEnquiries: NameEnquiries }) {
  const { db, clock, nameEnquiries } = deps;
  return {
    async list(userId: string, ownerAccount: string): Promise<BeneficiaryJson[]> {
      const rows = await db.selectFrom('beneficiaries').selectAll().where('user_id', '=', userId).where('owner_account', '=', ownerAccount).orderBy('account_name').execute();
      return rows.map(presentBeneficiary);
    },

    async find(userId: string, ownerAccount: string, id: string): Promise<BeneficiaryJson | null> {
      const row = await db.selectFrom('beneficiaries').selectAll().where('id', '=', id).where('user_id', '=', userId).where('owner_account', '=', ownerAccount).executeTakeFirst();
      return row ? presentBeneficiary(row) : null;
    },

    async create(userId: string, ownerAccount: string, input: BeneficiaryCreateInput): Promise<Result<BeneficiaryJson>> {
      if (input.account_number === ownerAccount) return fail('VALIDATION_FAILED', said('said.beneficiary.own'), { errors: { account_number: [said('said.beneficiary.ownField')] } });
      // The name comes from an enquiry, counted under the customer's name-enquiry limits.
      const enquiry = await nameEnquiries.enquire(userId, { account_number: input.account_number, bank_code: input.bank_code });
      if (!enquiry.ok) return enquiry;
      const row: BeneficiaryRow = {
        id: newId('ben'),
        user_id: userId,
        owner_account: ownerAccount,
        account_number: enquiry.value.account_number,
        account_name: enquiry.value.account_name,
        bank_code: enquiry.value.bank_code,
        bank_name: enquiry.value.bank_name,
        nickname: input.nickname || null,
        created_at: clock.now().toISOString(),
      };
      const inserted = await db
        .insertInto('beneficiaries')
        .values(row)
        .onConflict((conflict) => conflict.columns(['user_id', 'bank_code', 'account_number']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        return fail('DUPLICATE', said('said.beneficiary.duplicate', { name: enquiry.value.account_name, bank: enquiry.value.bank_name }));
      }
      return succeed(presentBeneficiary(row));
    },

    async remove(userId: string, ownerAccount: string, id: string): Promise<Result<BeneficiaryJson>> {
      const row = await db.selectFrom('beneficiaries').selectAll().where('id', '=', id).where('user_id', '=', userId).where('owner_account', '=', ownerAccount).executeTakeFirst();
      if (!row) return fail('NOT_FOUND', said('said.errors.noBeneficiary'));
      await db.deleteFrom('beneficiaries').where('id', '=', id).where('user_id', '=', userId).execute();
      return succeed(presentBeneficiary(row));
    },
  };
}
export type BeneficiaryService = ReturnType<typeof createBeneficiaryService>;
