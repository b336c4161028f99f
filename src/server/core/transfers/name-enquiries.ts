import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { NameEnquiryInput } from '../../../lib/money-schemas.ts';
import { fail, type Result } from '../result.ts';
import { lagosDay, minute, type RequestCounters } from '../throttle/request-counters.ts';
import type { NameEnquiryJson, TransferService } from './transfer-service.ts';
import type { BankInfo } from '../reference/banks.ts';
import { said, waitValue } from '../../../i18n/said.ts';

export type NameEnquiryOutcome = NameEnquiryJson & { sessionId: string | null; bank: BankInfo };

/**
 * Name enquiries a customer asks for (the API's enquiry, the transfer page's confirm step, the
 * beneficiary check and add): each one shows a stranger's full name, so each is counted per
 * customer, NAME_ENQUIRIES_PER_MINUTE and NAME_ENQUIRIES_PER_DAY (a Lagos day), atomically in
 * the database. A real customer never meets the limits; a script walking account numbers does.
 * Every enquiry asked counts, found or not.
 */
export function createNameEnquiries(deps: { config: Pick<Config, 'nameEnquiry'>; log: Logger; counters: RequestCounters; transfers: Pick<TransferService, 'nameEnquiry'> }) {
  const { config, log, counters, transfers } = deps;
  const limits = [
    // The minute first: a burst refused by it leaves the day's count alone.
    { name: 'minute', max: config.nameEnquiry.perMinute, windowMs: minute },
    { name: 'day', max: config.nameEnquiry.perDay, ...lagosDay },
  ] as const;

  return {
    async enquire(userId: string, input: NameEnquiryInput): Promise<Result<NameEnquiryOutcome>> {
      const taken = await counters.take('name_enquiry', userId, limits);
      if (taken.waitSeconds > 0) {
        log.warn('transfer.name_enquiry_limited', { user: userId, limit: taken.limit, retry_after: taken.waitSeconds });
        const message =
          taken.limit === 'minute'
            ? said('said.errors.lookupsMinute', { count: config.nameEnquiry.perMinute, wait: waitValue(taken.waitSeconds) })
            : said('said.errors.lookupsDay', { count: config.nameEnquiry.perDay, wait: waitValue(taken.waitSeconds) });
        return fail('RATE_LIMITED', message, { retryAfterSeconds: taken.waitSeconds });
      }
      return transfers.nameEnquiry(input);
    },
  };
}
export type NameEnquiries = ReturnType<typeof createNameEnquiries>;
