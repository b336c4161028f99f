/**
 * The job that evaluates the fraud rules for one transaction row. It is queued with the row, in
 * the movement's own statement (alert-jobs.ts), so every movement that committed is evaluated,
 * after it committed: a rule never slows or fails the money.
 */
export const fraudEvaluateJob = 'fraud.evaluate';
export const fraudEvaluateKey = (transactionId: string) => `fraud:${transactionId}`;
