import { z } from 'zod';

/** `?format=json` (everything the bank holds about the customer) or `?format=csv` (their transactions). */
export const dataExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Choose json (all your data) or csv (your transactions)' }).default('json'),
});
export type DataExportQuery = z.infer<typeof dataExportQuerySchema>;
