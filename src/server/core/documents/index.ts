/** Documents: statements (CSV, PDF) and receipts (PDF). Pure functions, no database access. */
export { formatAmount, formatNgn, PAGE_HEIGHT, PAGE_WIDTH, writePdf } from './pdf.ts';
export type { PdfInfo, PdfLineOp, PdfOp, PdfPage, PdfRectOp, PdfTextOp } from './pdf.ts';
export { fontCovers, printableText, textWidth, truncateToWidth, wrapText } from './pdf-text.ts';
export type { PdfFont } from './pdf-text.ts';
export { csvAmount, csvTextCell, describeTransaction, statementCsv, statementCsvHeader, statementPdf, statementTotals } from './statement.ts';
export type { StatementInput, StatementTotals } from './statement.ts';
export { formatToken, receiptPdf } from './receipt.ts';
export type { ReceiptInput } from './receipt.ts';
