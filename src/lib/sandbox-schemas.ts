import { z } from 'zod';
import { says } from './zod-said.ts';
import { accountNumberSchema, koboAmountSchema } from './money-schemas.ts';
import { lineText, requiredText } from './schemas.ts';

/** POST /api/sandbox/inbound-transfer (API.md): money arriving from another bank. */
export const inboundTransferSchema = z.object({
  account_number: accountNumberSchema,
  amount: koboAmountSchema,
  sender_name: requiredText(says('fields.sandbox.sender')).max(100),
  sender_bank_code: requiredText(says('fields.sandbox.bank')).regex(/^\d{6}$/, says('fields.sandbox.bankDigits')),
  sender_account_number: z.string().regex(/^\d{10}$/).optional(),
  narration: lineText().max(100).optional(),
});
