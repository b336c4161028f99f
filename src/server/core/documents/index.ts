/** Documents: statements (CSV, PDF) and receipts (PDF). Pure functions, no database access. */
export { fontCovers, formatAmount, formatNgn, PAGE_HEIGHT, PAGE_WIDTH, printableText, textWidth, truncateToWidth, wrapText, writePdf } from './pdf.ts';
export type { PdfFont, PdfInfo, PdfLineOp, PdfOp, PdfPage, PdfRectOp, PdfTextOp } from './pdf.ts';
export { csvAmount, csvTextCell, describeTransaction, statementCsv, statementCsvHeader, statementPdf, statementTotals } from './statement.ts';
export type { StatementInput, StatementTotals } from './statement.ts';
export { formatToken, receiptPdf } from './receipt.ts';
export type { ReceiptInput } from './receipt.ts';
