import { z } from 'zod';
import { says } from './zod-said.ts';

/** `?format=json` (everything the bank holds about the customer) or `?format=csv` (their transactions). */
export const dataExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: says('fields.export.format') }).default('json'),
});
export type DataExportQuery = z.infer<typeof dataExportQuerySchema>;
