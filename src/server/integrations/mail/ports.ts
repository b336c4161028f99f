/** Email leaves the bank through this port; the sandbox writes .eml files, production speaks SMTP. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer | string; contentType: string }[];
};
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Ends what the mailer holds open (SMTP connections); the server's last step. */
  close?(): Promise<void>;
};

/**
 * Mails a server process sends at once: the SMTP pool's connections (SMTP_URL's `maxConnections`
 * may say otherwise) and the alert jobs of a claimed batch that run side by side.
 */
export const mailsAtOnce = 5;
