import type { SafetyKey } from './en.ts';

/** /freeze in Hausa. */
export const safetyHa: Record<SafetyKey, string> = {
  'safety.freeze.title': 'Daskarar da asusu',
  'safety.freeze.intro': 'Wayarka ta ɓace, ko kana zaton wani yana amfani da asusunka? Daskarar da shi a nan, ba sai ka shiga ba. Muddin yana daskare, babu kuɗin da zai iya fita daga cikinsa (tura kuɗi, katin waya, data da biyan kuɗaɗe), za a fitar da kowace na’ura, kuma kuɗin da aka turo masa za su ci gaba da shigowa.',
  'safety.freeze.codeByEmail': 'Za mu aika lamba mai lambobi 6 ta imel zuwa adireshin imel ɗin da aka yi wa asusun rajista da shi.',
  'safety.freeze.signedIn': 'Ka shiga: za ka iya kuma {link}.',
  'safety.freeze.signedInLink': 'daskarar da asusunka da kalmar sirrinka',
  'safety.freeze.identifier': 'Lambar asusu ko adireshin imel',
  'safety.freeze.identifierHint': 'Lambar asusu mai lambobi 10, ko adireshin imel ɗin da kake shiga da shi',
  'safety.freeze.emailMe': 'Aiko mini da lamba ta imel',
  'safety.freeze.code': 'Lambar daskarewa',
  'safety.freeze.submit': 'Daskarar da asusun',
  'safety.freeze.other': 'Yi amfani da wata lambar asusu ko imel',
  'safety.freeze.unfreezeHow': 'Don kwance daskarewar, shiga ka buɗe Saituna. Za ka buƙaci kalmar sirri, PIN na ma’amala da amsar tambayar tsaro.',
  'said.freeze.requested': 'Idan muna da asusu mai waɗannan bayanai, mun aika lamba mai lambobi 6 zuwa adireshin imel ɗinsa na rajista (kuma mun tura ta SMS zuwa wayarsa, idan sanarwar SMS tana kunne). Za ta yi aiki na mintuna {minutes}. Shigar da ita a ƙasa don daskarar da asusun.',
  'said.freeze.frozen': 'An daskarar da asusun. Babu kuɗin da zai iya fita daga cikinsa, kuma an fitar da kowace na’urar da ta shiga. Mun aika wa mai shi imel kan yadda zai kwance daskarewar.',
  'said.freeze.network': 'Buƙatun daskarewa sun yi yawa daga wannan hanyar sadarwa. Sake gwadawa bayan mintuna {minutes}, ko ka kira mu.',
  'said.freeze.identifierRequired': 'Shigar da lambar asusunka ko adireshin imel ɗinka',
  'said.freeze.identifierLong': 'Wannan ya yi tsayi da yawa ga lambar asusu ko adireshin imel',
  'said.freeze.tenDigits': 'Lambar asusu tana da lambobi 10',
  'said.freeze.identifierInvalid': 'Shigar da lambar asusu mai lambobi 10 ko ingantaccen adireshin imel',
};
