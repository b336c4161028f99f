import type { MailMessage } from '../integrations/mail/ports.ts';

/** Mail bodies. Plain text first; the HTML is the same words in a simple, escaped layout. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function layout(bankName: string, paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const code = highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif;color:#111"><h1 style="font-size:18px">${escapeHtml(bankName)}</h1>${body}${code}</body></html>`;
}

export function verificationCodeEmail(args: { bankName: string; to: string; firstName: string; code: string; minutes: number }): MailMessage {
  const lines = [
    `Hello ${args.firstName},`,
    `Your ${args.bankName} verification code is ${args.code}. It expires in ${args.minutes} minutes and works once.`,
    'If you did not open an account with us, ignore this email. Never share this code with anyone, including our staff.',
  ];
  return {
    to: args.to,
    subject: `${args.code} is your ${args.bankName} verification code`,
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, [lines[0]!, `Your verification code (valid for ${args.minutes} minutes):`], args.code) + '',
  };
}

export function statementEmail(args: { bankName: string; to: string; firstName: string; accountNumber: string; from: string; until: string; count: number; format: 'pdf' | 'csv' }): MailMessage {
  const lines = [
    `Hello ${args.firstName},`,
    `Attached is the statement of account ${args.accountNumber} from ${args.from} to ${args.until} (${args.count} transaction${args.count === 1 ? '' : 's'}), as ${args.format.toUpperCase()}.`,
    'If you did not ask for this statement, sign in and change your password, or call us.',
  ];
  return {
    to: args.to,
    subject: `Your ${args.bankName} statement, ${args.from} to ${args.until}`,
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}
