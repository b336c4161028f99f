/** 0803…, +234803…, 234803… → 08031234567 (how customers write and recharge a line); null for anything else. */
export function normaliseMobileNumber(text: string): string | null {
  const compact = text.replace(/[\s()-]/g, '');
  const match = /^(?:\+?234|0)([789][01]\d{8})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

/**
 * The first digits of Nigerian mobile numbers, by the network they were allocated to (NCC's
 * number ranges), with the ids of the bills catalogue. Five-digit ranges come before the
 * four-digit ones that contain them.
 */
const networkPrefixes: readonly (readonly [prefix: string, network: string])[] = [
  ['07025', 'mtn'], ['07026', 'mtn'], ['07027', 'mtn'], ['07028', 'mtn'], ['07029', 'mtn'],
  ...['0703', '0704', '0706', '0707', '0803', '0806', '0810', '0813', '0814', '0816', '0903', '0906', '0913', '0916'].map((prefix) => [prefix, 'mtn'] as const),
  ...['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'].map((prefix) => [prefix, 'airtel'] as const),
  ...['0705', '0805', '0807', '0811', '0815', '0905', '0915'].map((prefix) => [prefix, 'glo'] as const),
  ...['0809', '0817', '0818', '0908', '0909'].map((prefix) => [prefix, '9mobile'] as const),
];

/**
 * The network a mobile number was first allocated to, from its prefix ('mtn', 'airtel', 'glo',
 * '9mobile'); null for a number that is not Nigerian or a range not listed. A line may have been
 * ported to another network since, so this only preselects a choice the customer can change.
 */
export function networkOfNumber(text: string): string | null {
  const number = normaliseMobileNumber(text);
  if (!number) return null;
  return networkPrefixes.find(([prefix]) => number.startsWith(prefix))?.[1] ?? null;
}
