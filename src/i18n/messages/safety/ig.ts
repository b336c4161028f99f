import type { SafetyKey } from './en.ts';

/** /freeze in Igbo. */
export const safetyIg: Record<SafetyKey, string> = {
  'safety.freeze.title': 'Kpọchie akaụntụ',
  'safety.freeze.intro': 'Ekwentị gị furu efu, ma ọ bụ ị chere na mmadụ na-eji akaụntụ gị? Kpọchie ya ebe a, na-abanyeghị. Ka ọ ka kpọchiri, ego ọ bụla enweghị ike ịpụ na ya (nzipu ego, kaadị ekwentị, data na ụgwọ), a ga-ewepụ ngwaọrụ niile, ego e zigara ya ka ga-abata.',
  'safety.freeze.codeByEmail': 'Anyị ga-ezigara koodu nwere ọnụọgụ 6 na adreesị email e ji debanye akaụntụ ahụ.',
  'safety.freeze.signedIn': 'Ị banyela: ị nwekwara ike {link}.',
  'safety.freeze.signedInLink': 'iji okwuntughe gị kpọchie akaụntụ gị',
  'safety.freeze.identifier': 'Nọmba akaụntụ ma ọ bụ adreesị email',
  'safety.freeze.identifierHint': 'Nọmba akaụntụ nwere ọnụọgụ 10, ma ọ bụ adreesị email ị na-eji abanye',
  'safety.freeze.emailMe': 'Zitere m koodu n’email',
  'safety.freeze.code': 'Koodu mkpọchi',
  'safety.freeze.submit': 'Kpọchie akaụntụ ahụ',
  'safety.freeze.other': 'Jiri nọmba akaụntụ ma ọ bụ email ọzọ',
  'safety.freeze.unfreezeHow': 'Iji meghee ya, banye ma mepee Ntọala. Ị ga-achọ okwuntughe, PIN azụmahịa na azịza ajụjụ nchekwa.',
  'said.freeze.requested': 'Ọ bụrụ na anyị nwere akaụntụ nwere nkọwa ndị ahụ, anyị ezigala koodu nwere ọnụọgụ 6 na adreesị email e ji debanye ya (ma zigakwa ya na ekwentị ya dị ka SMS, ọ bụrụ na ọkwa SMS gbanyere). Ọ ga-arụ ọrụ maka nkeji {minutes}. Tinye ya n’okpuru iji kpọchie akaụntụ ahụ.',
  'said.freeze.frozen': 'E kpọchiela akaụntụ ahụ. Ego ọ bụla enweghị ike ịpụ na ya, e wepụkwala ngwaọrụ niile banyere na ya. Anyị ezigara onye nwe ya email banyere otu ọ ga-esi meghee ya.',
  'said.freeze.network': 'Arịrịọ mkpọchi esila na netwọk a karịa akarị. Nwaa ọzọ mgbe nkeji {minutes} gachara, ma ọ bụ kpọọ anyị.',
  'said.freeze.identifierRequired': 'Tinye nọmba akaụntụ gị ma ọ bụ adreesị email gị',
  'said.freeze.identifierLong': 'Nke ahụ dị ogologo karịa maka nọmba akaụntụ ma ọ bụ adreesị email',
  'said.freeze.tenDigits': 'Nọmba akaụntụ nwere ọnụọgụ 10',
  'said.freeze.identifierInvalid': 'Tinye nọmba akaụntụ nwere ọnụọgụ 10 ma ọ bụ adreesị email ziri ezi',
};
