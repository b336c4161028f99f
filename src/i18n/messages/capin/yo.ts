import type { CapInKey } from './en.ts';

/** Yoruba: the cap on money in. */
export const capInYo: Record<CapInKey, string> = {
  'said.errors.recipientCapReached': 'Ẹni tí ò ń fi ránṣẹ́ sí kò lè gba iye yìí síbẹ̀: ààlà wà lórí owó tó ń wọ àkáǹtì rẹ̀ báyìí. A kò fi nǹkan kan ránṣẹ́.',
  'said.errors.recipientCapReachedField': 'Ẹni tí ò ń fi ránṣẹ́ sí kò lè gba iye yìí síbẹ̀.',
  'said.errors.creditCapReached': 'Àkáǹtì yìí kò lè gba iye yìí síbẹ̀: ààlà wà lórí owó tó ń wọlé báyìí. A kò fi nǹkan kan sí i.',
  'error.RECIPIENT_CAP_REACHED': 'Ẹni tí ò ń fi ránṣẹ́ sí kò lè gba iye yìí síbẹ̀.',

  'capIn.email.subject': '{bank}: a kọ ìsanwó {amount} sí ọ',
  'capIn.email.what': 'A kọ ìsanwó {amount} láti ọ̀dọ̀ {from} sí àkáǹtì rẹ {account}: a kò fi nǹkan kan sí i, owó náà sì wà lọ́dọ̀ ẹni tó fẹ́ san án.',
  'capIn.email.newAccount': 'Ìdí: àkáǹtì rẹ ṣẹ̀ṣẹ̀ ṣí ni. Títí di {until} (àkókò Èkó) àpapọ̀ tí kò ju {limit} lọ ló lè wọ inú rẹ̀, ìsanwó yìí ì bá sì kọjá ààlà náà ({left} ló kù).',
  'capIn.email.newDevice': 'Ìdí: àkáǹtì rẹ ṣẹ̀ṣẹ̀ bẹ̀rẹ̀ iṣẹ́ lórí ẹ̀rọ tuntun. Títí di {until} (àkókò Èkó) àpapọ̀ tí kò ju {limit} lọ ló lè wọ inú rẹ̀, ìsanwó yìí ì bá sì kọjá ààlà náà ({left} ló kù).',
  'capIn.email.after': 'Lẹ́yìn àkókò yẹn, ní kí ẹni náà tún un fi ránṣẹ́. Ilé-ìfowópamọ́ Àpapọ̀ ti Nàìjíríà ló fi ààlà yìí lélẹ̀ fún àwọn àkáǹtì tuntun àti ẹ̀rọ tuntun.',
  'capIn.email.notYou': 'Tí kì í bá ṣe ìwọ ló ṣí àkáǹtì yìí tàbí tó wọlé láti ẹ̀rọ tuntun, dí àkáǹtì rẹ báyìí: {freezeUrl}',
  'capIn.sms.newAccount': '{bank}: a ko isanwo {amount} lati {from}. Akanti tuntun: {limit} lo po ju to le wole titi {until}.',
  'capIn.sms.newAccountAnonymous': '{bank}: a ko isanwo {amount} kan. Akanti tuntun: {limit} lo po ju to le wole titi {until}.',
  'capIn.sms.newDevice': '{bank}: a ko isanwo {amount} lati {from}. Ero tuntun: {limit} lo po ju to le wole titi {until}.',
  'capIn.sms.newDeviceAnonymous': '{bank}: a ko isanwo {amount} kan. Ero tuntun: {limit} lo po ju to le wole titi {until}.',

  'settings.limits.capIn': 'Owó tó ń wọlé: títí di {time} (àkókò Èkó) àpapọ̀ tí kò ju {limit} lọ ló lè wọlé; {left} ló kù.',
};
