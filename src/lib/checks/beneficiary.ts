import { checkForm, Field, lineText, type FormCheck } from '../form-rules.ts';
import { accountNumber, bankCode } from './accounts.ts';
import { nicknamePattern } from '../text.ts';

/** money-schemas.ts's beneficiaryCreateSchema, for the beneficiaries island. */

/** beneficiaryCreateSchema */
export const beneficiaryCheck: FormCheck = (values) => {
  const blank = typeof values.nickname === 'string' && values.nickname.trim() === '';
  return checkForm({
    account_number: accountNumber(values.account_number),
    bank_code: bankCode(values.bank_code),
    nickname:
      values.nickname === undefined || blank
        ? new Field(undefined)
        : lineText(values.nickname).max(40, 'said.nickname.long').matches(nicknamePattern, 'said.nickname.letters'),
  });
};
