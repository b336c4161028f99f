import type { DataExportFormat } from '../core/data-export/customer-data.ts';

type Exporter = App.Locals['app']['dataExport'];

/**
 * The customer's data as a file download (the settings page's links and GET /v1/profile/export
 * answer alike): JSON of everything, or CSV of the transactions; never cached by anything between.
 */
export async function customerDataDownload(dataExport: Exporter, userId: string, format: DataExportFormat): Promise<Response> {
  const body = format === 'json' ? JSON.stringify(await dataExport.json(userId), null, 2) + '\n' : await dataExport.transactionsCsv(userId);
  const bytes = new TextEncoder().encode(body);
  return new Response(bytes, {
    status: 200,
    headers: {
      'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${dataExport.fileName(format)}"`,
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
