/**
 * Text messages leave the bank through this port (transaction alerts for customers who switched
 * SMS on). The sandbox writes one file per message under DATA_DIR/outbox/sms; a real SMS gateway
 * would be a second adapter beside it, chosen in integrations/registry.ts.
 */
export type SmsMessage = {
  /** E.164, as the users row keeps it: +2348031234567. */
  to: string;
  text: string;
};
export type SmsSender = { send(message: SmsMessage): Promise<void> };

/** Three concatenated parts of 153 GSM characters: a longer text is refused by the gateway, so messages are written to fit. */
export const maxSmsCharacters = 459;
