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
  'said.errors.accountFrozen': 'E kpọchiela akaụntụ gị, ya mere ego ọ bụla enweghị ike ịpụ na ya. Ego e zitere gị ka na-abata. Iji meghee ya, banye ma họrọ “Meghee akaụntụ m” na Ntọala, were okwuntughe gị, PIN gị na azịza ajụjụ nchekwa gị.',
  'said.errors.first.verify': 'Buru ụzọ kwenye adreesị email gị.',
  'said.errors.first.address': 'Buru ụzọ tinye adreesị gị.',
  'said.errors.first.pin': 'Buru ụzọ tọọ PIN azụmahịa gị.',
  'said.errors.first.question': 'Buru ụzọ họrọ ajụjụ nchekwa.',
  'said.errors.pending': 'Buru ụzọ kwenye adreesị email gị site na koodu anyị zitere gị.',
  'said.errors.idle': 'E mere ka ị pụọ n’ihi na i meghị ihe ọ bụla ruo oge ụfọdụ. Biko banye ọzọ.',
  'said.errors.notYours': 'Akaụntụ ahụ abụghị nke gị.',
  'said.errors.setPinFirst': 'Buru ụzọ tọọ PIN azụmahịa gị.',
  'said.errors.finishSetup': 'Mechaa ịhazi akaụntụ gị tupu ị zipu ego.',
  'said.errors.instantOff': 'Ị gbanyụọla nzipu ego ozugbo gaa n’ụlọ akụ ndị ọzọ. Iji zipu nke a, gbanye ha na Ntọala, n’okpuru Oke, were okwuntughe na PIN gị (POST /v1/limits/instant-payments). Nzipu ego n’ime ụlọ akụ a ka na-arụ ọrụ.',
  'said.errors.inProgress': 'Anyị ka na-arụ ọrụ na arịrịọ a. Lelee akụkọ azụmahịa gị tupu ị nwaa ọzọ.',
  'said.errors.noBeneficiary': 'Onye nnata ahụ anọghị n’ime ndị nnata i chekwara.',
  'said.errors.noCase': 'Ọ dịghị ụdị mkpesa ahụ n’akaụntụ gị.',
};
