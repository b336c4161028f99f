import banks from '../../../data/nigeria-banks.json' with { type: 'json' };
import type { Config } from '../../config.ts';

/** Bank as API.md describes it; `code` is the 6-digit NIP institution code transfers take. */
export type BankJson = { code: string; name: string; is_self: boolean };
export type BankInfo = { code: string; name: string; isSelf: boolean; cbnCode: string | null; nipCode: string };

export function bankList(bank: Config['bank']): BankJson[] {
  const others = banks
    .filter((entry) => entry.nip_code !== bank.nipCode)
    .map((entry) => ({ code: entry.nip_code, name: entry.name, is_self: false }));
  return [{ code: bank.nipCode, name: bank.name, is_self: true }, ...others];
}

/** A bank by the code transfers take, with what the NUBAN check needs; null if unknown. */
export function findBank(bank: Config['bank'], code: string): BankInfo | null {
  if (code === bank.nipCode) return { code, name: bank.name, isSelf: true, cbnCode: bank.cbnCode, nipCode: bank.nipCode };
  const entry = banks.find((candidate) => candidate.nip_code === code);
  return entry ? { code, name: entry.name, isSelf: false, cbnCode: entry.cbn_code, nipCode: entry.nip_code } : null;
}
