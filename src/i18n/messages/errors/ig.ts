import type { ErrorsKey } from './en.ts';

/** API messages and error codes in Igbo. */
export const errorsIg: Record<ErrorsKey, string> = {
  'error.INTERNAL_ERROR': 'Ihe adịghị mma mere n’akụkụ anyị. Ọ dịghị ihe gbanwere; biko nwaa ọzọ.',

  'wait.second': 'sekọnd {count}',
  'wait.seconds': 'sekọnd {count}',
  'wait.minute': 'nkeji {count}',
  'wait.minutes': 'nkeji {count}',
  'wait.hours': 'awa {count}',

  'said.errors.pinLockedOne': 'PIN ezighi ezi karịrị akarị. Akpọchiri nzipu ego na ịkwụ ụgwọ maka nkeji 1 ọzọ (ruo {until}).',
  'said.errors.pinLockedMany': 'PIN ezighi ezi karịrị akarị. Akpọchiri nzipu ego na ịkwụ ụgwọ maka nkeji {minutes} ọzọ (ruo {until}).',
  'said.errors.codesPerHour': 'Ị rịọla koodu {count} n’awa a. Nwaa ọzọ mgbe nkeji {minutes} gachara.',
  'said.errors.registerNetwork': 'E meghela ọtụtụ akaụntụ site na netwọk a. Nwaa ọzọ mgbe {wait} gachara.',
  'said.errors.registerEmail': 'Ịnwa imepe akaụntụ na adreesị email a karịrị akarị. Nwaa ọzọ mgbe {wait} gachara.',
  'said.errors.registerPhone': 'Ịnwa imepe akaụntụ na nọmba ekwentị a karịrị akarị. Nwaa ọzọ mgbe {wait} gachara.',
  'said.errors.requestsToday': 'Ị rịọla ịkwụ ụgwọ {count} taa. Nwaa ọzọ mgbe {wait} gachara.',
  'said.errors.linksNetwork': 'E meghela ọtụtụ njikọ ịkwụ ụgwọ site na netwọk a. Nwaa ọzọ mgbe {wait} gachara.',
  'said.errors.lookupsMinute': 'Ị lebala aha akaụntụ {count} anya n’otu nkeji. Chere {wait} wee nwaa ọzọ.',
  'said.errors.lookupsDay': 'Ị lebala aha akaụntụ {count} anya taa, nke kachasị maka otu ụbọchị. Nwaa ọzọ mgbe {wait} gachara.',
  'said.errors.accountFrozen': 'Akaụntụ gị kpọnwụrụ, ya mere ego ọ bụla enweghị ike ịpụ na ya. Ego e zitere gị ka na-abata. Iji meghee ya, banye ma họrọ “Meghee akaụntụ m” na Ntọala, were okwuntughe gị, PIN gị na azịza ajụjụ nchekwa gị.',
};
