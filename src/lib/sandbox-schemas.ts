import { z } from 'zod';
import { accountNumberSchema, koboAmountSchema } from './money-schemas.ts';
import { lineText, requiredText } from './schemas.ts';

/** POST /api/sandbox/inbound-transfer (API.md): money arriving from another bank. */
export const inboundTransferSchema = z.object({
  account_number: accountNumberSchema,
  amount: koboAmountSchema,
  sender_name: requiredText('Name the sender').max(100),
  sender_bank_code: requiredText('Give the sending bank’s code').regex(/^\d{6}$/, 'A 6-digit NIP institution code'),
  sender_account_number: z.string().regex(/^\d{10}$/).optional(),
  narration: lineText().max(100).optional(),
});
