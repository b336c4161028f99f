import banks from '../../../data/nigeria-banks.json' with { type: 'json' };
import type { Config } from '../../config.ts';

/** Bank as API.md describes it; `code` is the 6-digit NIP institution code transfers take. */
export type BankJson = { code: string; name: string; is_self: boolean };

export function bankList(bank: Config['bank']): BankJson[] {
  const others = banks
    .filter((entry) => entry.nip_code !== bank.nipCode)
    .map((entry) => ({ code: entry.nip_code, name: entry.name, is_self: false }));
  return [{ code: bank.nipCode, name: bank.name, is_self: true }, ...others];
}
