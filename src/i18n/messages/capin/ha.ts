import type { CapInKey } from './en.ts';

/** Hausa: the cap on money in. */
export const capInHa: Record<CapInKey, string> = {
  'said.errors.recipientCapReached': 'Mai karɓa ba zai iya karɓar wannan adadi ba tukuna: akwai iyaka ga kuɗin da ke shigowa asusunsa a yanzu. Ba a tura komai ba.',
  'said.errors.recipientCapReachedField': 'Mai karɓa ba zai iya karɓar wannan adadi ba tukuna.',
  'said.errors.creditCapReached': 'Wannan asusun ba zai iya karɓar wannan adadi ba tukuna: akwai iyaka ga kuɗin da ke shigowa a yanzu. Ba a saka komai ba.',
  'error.RECIPIENT_CAP_REACHED': 'Mai karɓa ba zai iya karɓar wannan adadi ba tukuna.',

  'capIn.email.subject': '{bank}: an ƙi biyan {amount} da aka yi maka',
  'capIn.email.what': 'An ƙi biyan {amount} daga {from} zuwa asusunka {account}: ba a saka komai ba, kuma mai biyan yana da kuɗinsa.',
  'capIn.email.newAccount': 'Dalili: asusunka sabo ne. Har zuwa {until} (agogon Legas) jimillar da ba za ta wuce {limit} ba ce kawai za ta iya shigowa cikinsa, kuma wannan biyan zai wuce wannan iyaka (saura {left}).',
  'capIn.email.newDevice': 'Dalili: asusunka ya fara aiki a sabuwar na’ura. Har zuwa {until} (agogon Legas) jimillar da ba za ta wuce {limit} ba ce kawai za ta iya shigowa cikinsa, kuma wannan biyan zai wuce wannan iyaka (saura {left}).',
  'capIn.email.after': 'Bayan wannan lokaci, ka roƙi mai biyan ya sake turawa. Babban Bankin Najeriya ne ya sanya wannan iyaka ga sababbin asusu da sababbin na’urori.',
  'capIn.email.notYou': 'Idan ba kai ne ka buɗe wannan asusu ko ka shiga daga sabuwar na’ura ba, ka daskarar da asusunka yanzu: {freezeUrl}',
  'capIn.sms.newAccount': '{bank}: an ki biyan {amount} daga {from}. Sabon asusu: iyakar shigowa {limit} har zuwa {until}.',
  'capIn.sms.newAccountAnonymous': '{bank}: an ki wani biyan {amount}. Sabon asusu: iyakar shigowa {limit} har zuwa {until}.',
  'capIn.sms.newDevice': '{bank}: an ki biyan {amount} daga {from}. Sabuwar na\'ura: iyakar shigowa {limit} har zuwa {until}.',
  'capIn.sms.newDeviceAnonymous': '{bank}: an ki wani biyan {amount}. Sabuwar na\'ura: iyakar shigowa {limit} har zuwa {until}.',

  'settings.limits.capIn': 'Kuɗin shigowa: har zuwa {time} (agogon Legas) jimillar da ba za ta wuce {limit} ba ce za ta iya shigowa; saura {left}.',
};
