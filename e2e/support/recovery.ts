import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { outboxDir } from './data-dir.ts';
import { decodeQuotedPrintable, mailsTo } from './outbox.ts';

/** The text of one outbox mail, decoded. */
function mailText(file: string): string {
  return decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8'));
}

/** The password reset mails sent to `email`, oldest first (not the verification codes). */
export function resetMailsTo(email: string): string[] {
  return mailsTo(email).filter((file) => /password reset code is \d{6}/.test(mailText(file)));
}

/** The mails to `email` that report a finished password reset. */
export function resetDoneMailsTo(email: string): string[] {
  return mailsTo(email).filter((file) => mailText(file).includes('Your password was reset with a code sent to this email address.'));
}

/**
 * Waits until at least `count` reset mails have gone to `email`, then returns the code in the
 * newest. (The mail is sent after the page has answered, so it may land a moment later.)
 */
export async function waitForResetCode(email: string, { count = 1, timeoutMs = 10_000 }: { count?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = resetMailsTo(email);
    if (mails.length >= count) {
      const code = mailText(mails[mails.length - 1]!).match(/password reset code is (\d{6})/)?.[1];
      if (!code) throw new Error(`No "password reset code is NNNNNN" in the newest reset mail to ${email}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for reset mail number ${count} to ${email}; found ${mails.length}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A second browser (another device) with this project's settings. */
export async function otherDevice(browser: Browser, testInfo: TestInfo, js: boolean): Promise<BrowserContext> {
  const { baseURL, viewport, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, locale, timezoneId, javaScriptEnabled: js });
}

/** A 6-digit code that is certainly not `code`. */
export const wrongCodeFor = (code: string): string => code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
