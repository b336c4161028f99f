/**
 * The cap on money in (src/server/core/customer-limits/credit-cap.ts): the refusals a payer is
 * told, the email and SMS the refused customer gets, and its line on the limits page. Merged into
 * ../en.ts with one spread.
 */
export const capInEn = {
  'said.errors.recipientCapReached': 'The recipient cannot receive this much yet: a limit on money into their account applies for now. Nothing was sent.',
  'said.errors.recipientCapReachedField': 'The recipient cannot receive this much yet.',
  'said.errors.creditCapReached': 'This account cannot receive this much yet: a limit on money in applies to it for now. Nothing was credited.',
  'error.RECIPIENT_CAP_REACHED': 'The recipient cannot receive this much yet.',

  'capIn.email.subject': '{bank}: a payment of {amount} to you was refused',
  'capIn.email.what': 'A payment of {amount} from {from} to your account {account} was refused: nothing was credited, and the payer keeps their money.',
  'capIn.email.newAccount': 'Why: your account is new. Until {until} (Lagos time) at most {limit} in total may arrive on it, and this payment would have passed that limit ({left} is left).',
  'capIn.email.newDevice': 'Why: your account became active on a new device. Until {until} (Lagos time) at most {limit} in total may arrive on it, and this payment would have passed that limit ({left} is left).',
  'capIn.email.after': 'After that time, ask the payer to send it again. The Central Bank of Nigeria sets this limit for new accounts and new devices.',
  'capIn.email.notYou': 'If you did not open this account or sign in on a new device, freeze your account now: {freezeUrl}',
  'capIn.sms.newAccount': '{bank}: payment of {amount} from {from} refused. New account: at most {limit} may come in until {until}.',
  'capIn.sms.newAccountAnonymous': '{bank}: a payment of {amount} was refused. New account: at most {limit} may come in until {until}.',
  'capIn.sms.newDevice': '{bank}: payment of {amount} from {from} refused. New device: at most {limit} may come in until {until}.',
  'capIn.sms.newDeviceAnonymous': '{bank}: a payment of {amount} was refused. New device: at most {limit} may come in until {until}.',

  'settings.limits.capIn': 'Money in: until {time} (Lagos time) at most {limit} in total can arrive; {left} is left.',
} as const;

export type CapInKey = keyof typeof capInEn;
