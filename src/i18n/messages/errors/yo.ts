import type { ErrorsKey } from './en.ts';

/** API messages and error codes in Yoruba. */
export const errorsYo: Record<ErrorsKey, string> = {
  'error.INTERNAL_ERROR': 'Nǹkan kan ṣàṣìṣe ní ọ̀dọ̀ wa. A kò yí nǹkankan padà; jọ̀wọ́ gbìyànjú lẹ́ẹ̀kan sí i.',

  'wait.second': 'ìṣẹ́jú-àáyá {count}',
  'wait.seconds': 'ìṣẹ́jú-àáyá {count}',
  'wait.minute': 'ìṣẹ́jú {count}',
  'wait.minutes': 'ìṣẹ́jú {count}',
  'wait.hours': 'wákàtí {count}',

  'said.errors.pinLockedOne': 'PIN tí kò tọ́ ti pọ̀ jù. A ti ti ìfiránṣẹ́ owó àti ìsanwó pa fún ìṣẹ́jú 1 sí i (títí di {until}).',
  'said.errors.pinLockedMany': 'PIN tí kò tọ́ ti pọ̀ jù. A ti ti ìfiránṣẹ́ owó àti ìsanwó pa fún ìṣẹ́jú {minutes} sí i (títí di {until}).',
  'said.errors.codesPerHour': 'O ti béèrè fún kóòdù {count} ní wákàtí yìí. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn ìṣẹ́jú {minutes}.',
  'said.errors.registerNetwork': 'Àkáǹtì tí a ṣí láti inú nẹ́tíwọ̀ọ̀kì yìí ti pọ̀ jù. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn {wait}.',
  'said.errors.registerEmail': 'Ìgbìyànjú láti ṣí àkáǹtì pẹ̀lú àdírẹ́sì ímeèlì yìí ti pọ̀ jù. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn {wait}.',
  'said.errors.registerPhone': 'Ìgbìyànjú láti ṣí àkáǹtì pẹ̀lú nọ́ńbà fóònù yìí ti pọ̀ jù. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn {wait}.',
  'said.errors.requestsToday': 'O ti ṣe ìbéèrè owó {count} lónìí. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn {wait}.',
  'said.errors.linksNetwork': 'Línkì ìsanwó tí a ṣí láti inú nẹ́tíwọ̀ọ̀kì yìí ti pọ̀ jù. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn {wait}.',
  'said.errors.lookupsMinute': 'O ti wo orúkọ àkáǹtì {count} láàárín ìṣẹ́jú kan. Dúró fún {wait} kí o tó gbìyànjú lẹ́ẹ̀kan sí i.',
  'said.errors.lookupsDay': 'O ti wo orúkọ àkáǹtì {count} lónìí, èyí tó pọ̀ jù fún ọjọ́ kan. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn {wait}.',
  'said.errors.accountFrozen': 'A ti dí àkáǹtì rẹ pa, nítorí náà owó kankan kò lè jáde kúrò nínú rẹ̀. Owó tí wọ́n bá fi ránṣẹ́ sí ọ ṣì ń wọlé. Láti ṣí i padà, wọlé kí o yan “Ṣí àkáǹtì mi padà” nínú Ètò, pẹ̀lú ọ̀rọ̀ aṣínà rẹ, PIN rẹ àti ìdáhùn sí ìbéèrè ààbò rẹ.',
  'said.errors.first.verify': 'Kọ́kọ́ jẹ́rìí àdírẹ́sì ímeèlì rẹ.',
  'said.errors.first.address': 'Kọ́kọ́ fi àdírẹ́sì rẹ kún un.',
  'said.errors.first.pin': 'Kọ́kọ́ ṣètò PIN ìdúnàádúrà rẹ.',
  'said.errors.first.question': 'Kọ́kọ́ yan ìbéèrè ààbò kan.',
  'said.errors.pending': 'Kọ́kọ́ jẹ́rìí àdírẹ́sì ímeèlì rẹ pẹ̀lú kóòdù tí a fi ránṣẹ́ sí ọ.',
  'said.errors.idle': 'A mú ọ jáde nítorí pé o kò ṣe nǹkankan fún ìgbà díẹ̀. Jọ̀wọ́ wọlé lẹ́ẹ̀kan sí i.',
  'said.errors.notYours': 'Àkáǹtì yẹn kì í ṣe tìrẹ.',
  'said.errors.setPinFirst': 'Kọ́kọ́ ṣètò PIN ìdúnàádúrà rẹ.',
  'said.errors.finishSetup': 'Parí ìṣètò àkáǹtì rẹ kí o tó fi owó ránṣẹ́.',
  'said.errors.instantOff': 'O ti pa ìfiránṣẹ́ owó lójúkan sí àwọn báńkì mìíràn. Láti fi èyí ránṣẹ́, tan wọ́n nínú Ètò, lábẹ́ Ààlà, pẹ̀lú ọ̀rọ̀ aṣínà àti PIN rẹ (POST /v1/limits/instant-payments). Ìfiránṣẹ́ owó nínú báńkì yìí ṣì ń ṣiṣẹ́.',
  'said.errors.inProgress': 'A ṣì ń ṣiṣẹ́ lórí ìbéèrè yìí. Wo ìtàn ìdúnàádúrà rẹ kí o tó gbìyànjú lẹ́ẹ̀kan sí i.',
  'said.errors.noBeneficiary': 'Kò sí olùgbà owó bẹ́ẹ̀ nínú àkọsílẹ̀ rẹ.',
  'said.errors.noCase': 'Kò sí irú ẹjọ́ bẹ́ẹ̀ lórí àkáǹtì rẹ.',
};
