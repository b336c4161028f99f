import type { CapInKey } from './en.ts';

/** Igbo: the cap on money in. */
export const capInIg: Record<CapInKey, string> = {
  'said.errors.recipientCapReached': 'Onye ị na-ezigara enweghị ike ịnata ego ruru otu a ugbu a: oke dị n’ego na-abata n’akaụntụ ya ugbu a. E zighị ihe ọ bụla.',
  'said.errors.recipientCapReachedField': 'Onye ị na-ezigara enweghị ike ịnata ego ruru otu a ugbu a.',
  'said.errors.creditCapReached': 'Akaụntụ a enweghị ike ịnata ego ruru otu a ugbu a: oke dị n’ego na-abata ugbu a. O nweghị ihe e tinyere.',
  'error.RECIPIENT_CAP_REACHED': 'Onye ị na-ezigara enweghị ike ịnata ego ruru otu a ugbu a.',

  'capIn.email.subject': '{bank}: a jụrụ ego {amount} e zitere gị',
  'capIn.email.what': 'A jụrụ ego {amount} nke {from} zitere n’akaụntụ gị {account}: o nweghị ihe e tinyere, onye zitere ya ka nwere ego ya.',
  'capIn.email.newAccount': 'Ihe kpatara ya: akaụntụ gị ka dị ọhụrụ. Ruo {until} (oge Legọs) ọ bụ naanị {limit} n’ozuzu nwere ike ịbata na ya, ego a gaara agafe oke ahụ ({left} fọdụrụ).',
  'capIn.email.newDevice': 'Ihe kpatara ya: akaụntụ gị malitere ịrụ ọrụ na ngwaọrụ ọhụrụ. Ruo {until} (oge Legọs) ọ bụ naanị {limit} n’ozuzu nwere ike ịbata na ya, ego a gaara agafe oke ahụ ({left} fọdụrụ).',
  'capIn.email.after': 'Mgbe oge ahụ gachara, gwa onye ahụ ka o zighachi ya. Central Bank of Nigeria tinyere oke a maka akaụntụ ọhụrụ na ngwaọrụ ọhụrụ.',
  'capIn.email.notYou': 'Ọ bụrụ na ọ bụghị gị meghere akaụntụ a ma ọ bụ banye site na ngwaọrụ ọhụrụ, kpọchie akaụntụ gị ugbu a: {freezeUrl}',
  'capIn.sms.newAccount': '{bank}: a juru ego {amount} si {from}. Akaunti ohuru: naani {limit} nwere ike ibata ruo {until}.',
  'capIn.sms.newAccountAnonymous': '{bank}: a juru ego {amount}. Akaunti ohuru: naani {limit} nwere ike ibata ruo {until}.',
  'capIn.sms.newDevice': '{bank}: a juru ego {amount} si {from}. Ngwaoru ohuru: naani {limit} nwere ike ibata ruo {until}.',
  'capIn.sms.newDeviceAnonymous': '{bank}: a juru ego {amount}. Ngwaoru ohuru: naani {limit} nwere ike ibata ruo {until}.',

  'settings.limits.capIn': 'Ego na-abata: ruo {time} (oge Legọs) ọ bụ naanị {limit} n’ozuzu nwere ike ịbata; {left} fọdụrụ.',
};
