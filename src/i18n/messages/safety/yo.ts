import type { SafetyKey } from './en.ts';

/** /freeze in Yoruba. */
export const safetyYo: Record<SafetyKey, string> = {
  'safety.freeze.title': 'Dí àkáǹtì kan',
  'safety.freeze.intro': 'Ṣé fóònù rẹ sọnù, tàbí o rò pé ẹnìkan ń lo àkáǹtì rẹ? Dí i níbí, láìwọlé. Níwọ̀n ìgbà tí a bá dí i, kò sí owó tí ó lè jáde nínú rẹ̀ (ìfiránṣẹ́ owó, káàdì ìpè, dátà àti owó iṣẹ́), a ó mú gbogbo ẹ̀rọ jáde, owó tí wọ́n bá fi ránṣẹ́ sí i yóò sì ṣì máa wọlé.',
  'safety.freeze.codeByEmail': 'A ó fi kóòdù oní-nọ́ńbà 6 ránṣẹ́ sí àdírẹ́sì ímeèlì tí a forúkọ sílẹ̀ lórí àkáǹtì náà.',
  'safety.freeze.signedIn': 'O ti wọlé: o tún lè {link}.',
  'safety.freeze.signedInLink': 'dí àkáǹtì rẹ pẹ̀lú ọ̀rọ̀ aṣínà rẹ',
  'safety.freeze.identifier': 'Nọ́ńbà àkáǹtì tàbí àdírẹ́sì ímeèlì',
  'safety.freeze.identifierHint': 'Nọ́ńbà àkáǹtì oní-nọ́ńbà 10, tàbí àdírẹ́sì ímeèlì tí o fi ń wọlé',
  'safety.freeze.emailMe': 'Fi kóòdù ránṣẹ́ sí ímeèlì mi',
  'safety.freeze.code': 'Kóòdù ìdínà',
  'safety.freeze.submit': 'Dí àkáǹtì náà',
  'safety.freeze.other': 'Lo nọ́ńbà àkáǹtì tàbí ímeèlì mìíràn',
  'safety.freeze.unfreezeHow': 'Láti ṣí i padà, wọlé kí o ṣí Ètò. O máa nílò ọ̀rọ̀ aṣínà, PIN ìdúnàádúrà àti ìdáhùn sí ìbéèrè ààbò.',
  'said.freeze.requested': 'Tí a bá ní àkáǹtì pẹ̀lú àlàyé wọ̀nyẹn, a ti fi kóòdù oní-nọ́ńbà 6 ránṣẹ́ sí àdírẹ́sì ímeèlì rẹ̀ tí a forúkọ sílẹ̀ (a sì ti fi SMS ránṣẹ́ sí fóònù rẹ̀, tí ìtanijí SMS bá wà ní títàn). Yóò ṣiṣẹ́ fún ìṣẹ́jú {minutes}. Tẹ̀ ẹ́ sí ìsàlẹ̀ láti dí àkáǹtì náà.',
  'said.freeze.frozen': 'A ti dí àkáǹtì náà. Kò sí owó tí ó lè jáde nínú rẹ̀, a sì ti mú gbogbo ẹ̀rọ tó wọlé sí i jáde. A ti fi ímeèlì ránṣẹ́ sí ẹni tó ni í lórí bí yóò ṣe ṣí i padà.',
  'said.freeze.network': 'Ìbéèrè ìdínà ti pọ̀ jù láti inú nẹ́tíwọ̀ọ̀kì yìí. Gbìyànjú lẹ́ẹ̀kan si lẹ́yìn ìṣẹ́jú {minutes}, tàbí pè wá.',
  'said.freeze.identifierRequired': 'Tẹ nọ́ńbà àkáǹtì rẹ tàbí àdírẹ́sì ímeèlì rẹ',
  'said.freeze.identifierLong': 'Ìyẹn gùn jù fún nọ́ńbà àkáǹtì tàbí àdírẹ́sì ímeèlì',
  'said.freeze.tenDigits': 'Nọ́ńbà 10 ni nọ́ńbà àkáǹtì',
  'said.freeze.identifierInvalid': 'Tẹ nọ́ńbà àkáǹtì oní-nọ́ńbà 10 tàbí àdírẹ́sì ímeèlì tó tọ́',
};
