import type { CapInKey } from './en.ts';

/** Nigerian Pidgin: the cap on money in. */
export const capInPcm: Record<CapInKey, string> = {
  'said.errors.recipientCapReached': 'The person no fit receive this much yet: limit dey for money wey dey enter their account for now. We no send anything.',
  'said.errors.recipientCapReachedField': 'The person no fit receive this much yet.',
  'said.errors.creditCapReached': 'This account no fit receive this much yet: limit dey for money wey dey enter am for now. Nothing enter.',
  'error.RECIPIENT_CAP_REACHED': 'The person no fit receive this much yet.',

  'capIn.email.subject': '{bank}: we no gree collect {amount} wey person send you',
  'capIn.email.what': 'Person try send {amount} from {from} enter your account {account}, but we no gree: nothing enter, and the person still get the money.',
  'capIn.email.newAccount': 'Why: your account still new. Until {until} (Lagos time), na only {limit} total fit enter am, and this payment for pass that limit ({left} remain).',
  'capIn.email.newDevice': 'Why: your account just start to work for new device. Until {until} (Lagos time), na only {limit} total fit enter am, and this payment for pass that limit ({left} remain).',
  'capIn.email.after': 'After that time, tell the person make dem send am again. Na Central Bank of Nigeria put this limit for new accounts and new devices.',
  'capIn.email.notYou': 'If no be you open this account or sign in for new device, freeze your account now: {freezeUrl}',
  'capIn.sms.newAccount': '{bank}: we no gree collect {amount} from {from}. New account: only {limit} fit enter until {until}.',
  'capIn.sms.newAccountAnonymous': '{bank}: we no gree collect {amount} wey dem send. New account: only {limit} fit enter until {until}.',
  'capIn.sms.newDevice': '{bank}: we no gree collect {amount} from {from}. New device: only {limit} fit enter until {until}.',
  'capIn.sms.newDeviceAnonymous': '{bank}: we no gree collect {amount} wey dem send. New device: only {limit} fit enter until {until}.',

  'settings.limits.capIn': 'Money wey dey enter: until {time} (Lagos time), na only {limit} total fit enter; {left} remain.',
};
