import type { ErrorsKey } from './en.ts';

/** API messages and error codes in Hausa. */
export const errorsHa: Record<ErrorsKey, string> = {
  'error.INTERNAL_ERROR': 'Wani abu ya samu matsala a ɓangarenmu. Ba a canza komai ba; da fatan a sake gwadawa.',

  'wait.second': 'daƙiƙa {count}',
  'wait.seconds': 'daƙiƙa {count}',
  'wait.minute': 'minti {count}',
  'wait.minutes': 'minti {count}',
  'wait.hours': 'awa {count}',

  'said.errors.pinLockedOne': 'An shigar da PIN ba daidai ba sau da yawa. An kulle tura kuɗi da biyan kuɗi na ƙarin minti 1 (har zuwa {until}).',
  'said.errors.pinLockedMany': 'An shigar da PIN ba daidai ba sau da yawa. An kulle tura kuɗi da biyan kuɗi na ƙarin minti {minutes} (har zuwa {until}).',
  'said.errors.codesPerHour': 'Ka nemi lambobi {count} a wannan awa. Sake gwadawa bayan minti {minutes}.',
  'said.errors.registerNetwork': 'An buɗe asusu da yawa daga wannan hanyar sadarwa. Sake gwadawa bayan {wait}.',
  'said.errors.registerEmail': 'An yi ƙoƙarin buɗe asusu da wannan adireshin imel sau da yawa. Sake gwadawa bayan {wait}.',
  'said.errors.registerPhone': 'An yi ƙoƙarin buɗe asusu da wannan lambar waya sau da yawa. Sake gwadawa bayan {wait}.',
  'said.errors.requestsToday': 'Ka yi buƙatun biyan kuɗi {count} a yau. Sake gwadawa bayan {wait}.',
  'said.errors.linksNetwork': 'An buɗe hanyoyin biyan kuɗi da yawa daga wannan hanyar sadarwa. Sake gwadawa bayan {wait}.',
  'said.errors.lookupsMinute': 'Ka duba sunayen asusu {count} cikin minti ɗaya. Ka jira {wait} sannan ka sake gwadawa.',
  'said.errors.lookupsDay': 'Ka duba sunayen asusu {count} a yau, iyakar rana ɗaya ke nan. Sake gwadawa bayan {wait}.',
  'said.errors.accountFrozen': 'An daskarar da asusunka, don haka babu kuɗin da zai iya fita daga cikinsa. Kuɗin da aka turo maka za su ci gaba da shigowa. Don kwance daskarewar, shiga ka zaɓi “Kwance daskarewar asusuna” a cikin Saituna, da kalmar sirrinka, PIN ɗinka da amsar tambayar tsaro.',
  'said.errors.first.verify': 'Ka fara tabbatar da adireshin imel ɗinka.',
  'said.errors.first.address': 'Ka fara ƙara adireshinka.',
  'said.errors.first.pin': 'Ka fara saita PIN na ma’amala.',
  'said.errors.first.question': 'Ka fara zaɓar tambayar tsaro.',
  'said.errors.pending': 'Ka fara tabbatar da adireshin imel ɗinka da lambar da muka aiko maka.',
  'said.errors.idle': 'An fitar da kai saboda ba ka yi komai ba na ɗan lokaci. Da fatan ka sake shiga.',
  'said.errors.notYours': 'Wannan asusun ba naka ba ne.',
  'said.errors.setPinFirst': 'Ka fara saita PIN na ma’amala.',
  'said.errors.finishSetup': 'Ka kammala saita asusunka kafin ka tura kuɗi.',
  'said.errors.instantOff': 'Ka kashe tura kuɗi nan take zuwa wasu bankuna. Don tura wannan, kunna su a Saituna, ƙarƙashin Iyakoki, da kalmar sirrinka da PIN (POST /v1/limits/instant-payments). Tura kuɗi a cikin bankin yana aiki har yanzu.',
  'said.errors.inProgress': 'Har yanzu muna aiki a kan wannan buƙatar. Duba tarihin ma’amalolinka kafin ka sake gwadawa.',
  'said.errors.noBeneficiary': 'Babu wannan mai karɓa cikin masu karɓa da ka ajiye.',
  'said.errors.noCase': 'Babu irin wannan ƙorafi a asusunka.',
};
