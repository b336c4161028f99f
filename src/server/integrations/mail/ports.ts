/** Email leaves the bank through this port; the sandbox writes .eml files, production speaks SMTP. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer | string; contentType: string }[];
};
export type Mailer = { send(message: MailMessage): Promise<void> };
