import type { CablePackage, DataPlan, Disco } from '../../../lib/bills.ts';
import { ownValue } from '../../../lib/own.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { BillerCatalogue } from './ports.ts';

/**
 * The sandbox aggregator's catalogue: the four mobile networks with their data bundles, the 11
 * electricity distribution companies, and the three pay-TV providers with their bouquets. Ids
 * follow VTpass's service ids and variation codes in spirit; prices are naira list prices of
 * 2026 (after the 2025 telecom tariff review and MultiChoice's 2025 price list), in kobo.
 */
/** Whole naira of a list price → kobo. */
const naira = (whole: number): Kobo => kobo(whole * 100);

function plan(network: string, size: string, days: number, price: number, label?: string): DataPlan {
  const period: DataPlan['period'] = days <= 2 ? 'daily' : days <= 14 ? 'weekly' : 'monthly';
  const validity = days === 1 ? '1 day' : `${days} days`;
  const id = `${network}-${size.toLowerCase().replace('.', '_')}-${days}d`;
  return { id, name: label ?? `${size} ${period === 'daily' ? 'Daily' : period === 'weekly' ? 'Weekly' : 'Monthly'}`, amount: naira(price), validity, size, period };
}

/** Every network's bundles, in the order the data page lists them: network, size, days of validity, naira. */
const dataPlanList: Array<[network: string, size: string, days: number, price: number]> = [
  ['mtn', '500MB', 1, 350],
  ['mtn', '1GB', 1, 500],
  ['mtn', '2.5GB', 2, 900],
  ['mtn', '1GB', 7, 800],
  ['mtn', '3.5GB', 7, 1_500],
  ['mtn', '6GB', 7, 2_500],
  ['mtn', '2GB', 30, 1_500],
  ['mtn', '2.7GB', 30, 2_000],
  ['mtn', '7GB', 30, 3_500],
  ['mtn', '10GB', 30, 4_500],
  ['mtn', '20GB', 30, 7_500],
  ['mtn', '75GB', 30, 20_000],
  ['airtel', '300MB', 1, 150],
  ['airtel', '1GB', 1, 500],
  ['airtel', '1.5GB', 2, 600],
  ['airtel', '1GB', 7, 800],
  ['airtel', '3.5GB', 7, 1_500],
  ['airtel', '6GB', 7, 2_500],
  ['airtel', '2GB', 30, 1_500],
  ['airtel', '3GB', 30, 2_000],
  ['airtel', '8GB', 30, 3_000],
  ['airtel', '10GB', 30, 4_000],
  ['airtel', '18GB', 30, 6_000],
  ['airtel', '35GB', 30, 10_000],
  ['glo', '750MB', 1, 200],
  ['glo', '1.5GB', 1, 300],
  ['glo', '2.5GB', 2, 500],
  ['glo', '1.5GB', 7, 500],
  ['glo', '6GB', 7, 1_500],
  ['glo', '2.6GB', 30, 1_000],
  ['glo', '5GB', 30, 1_500],
  ['glo', '10GB', 30, 3_000],
  ['glo', '18GB', 30, 5_000],
  ['glo', '30GB', 30, 8_000],
  ['9mobile', '650MB', 1, 200],
  ['9mobile', '1GB', 1, 350],
  ['9mobile', '1.5GB', 7, 600],
  ['9mobile', '7GB', 7, 1_500],
  ['9mobile', '1.5GB', 30, 1_200],
  ['9mobile', '4.5GB', 30, 2_000],
  ['9mobile', '11GB', 30, 4_000],
  ['9mobile', '15GB', 30, 5_000],
  ['9mobile', '40GB', 30, 10_000],
];

const dataPlans: Record<string, DataPlan[]> = {};
for (const [network, size, days, price] of dataPlanList) (dataPlans[network] ??= []).push(plan(network, size, days, price));

const both: Disco['meter_types'] = ['prepaid', 'postpaid'];
function disco(id: string, name: string, shortName: string, minimum: number, meterTypes: Disco['meter_types'] = both): Disco {
  return { id, name, short_name: shortName, meter_types: meterTypes, min_amount: naira(minimum), max_amount: naira(500_000) };
}

const discos: Disco[] = [
  disco('abuja-electric', 'Abuja Electricity Distribution Company', 'AEDC', 1_000),
  disco('benin-electric', 'Benin Electricity Distribution Company', 'BEDC', 1_000),
  disco('eko-electric', 'Eko Electricity Distribution Company', 'EKEDC', 1_000),
  disco('enugu-electric', 'Enugu Electricity Distribution Company', 'EEDC', 1_000),
  disco('ibadan-electric', 'Ibadan Electricity Distribution Company', 'IBEDC', 500),
  disco('ikeja-electric', 'Ikeja Electric', 'IKEDC', 1_000),
  disco('jos-electric', 'Jos Electricity Distribution Company', 'JED', 1_000),
  disco('kaduna-electric', 'Kaduna Electric', 'KAEDCO', 2_000),
  disco('kano-electric', 'Kano Electricity Distribution Company', 'KEDCO', 1_000),
  disco('portharcourt-electric', 'Port Harcourt Electricity Distribution Company', 'PHED', 1_000),
  disco('yola-electric', 'Yola Electricity Distribution Company', 'YEDC', 500, ['prepaid']),
];

/** Towns each DisCo serves, for the addresses verification returns. */
export const discoTowns: Record<string, string[]> = {
  'abuja-electric': ['Garki, Abuja', 'Wuse II, Abuja', 'Kubwa, Abuja', 'Lokoja, Kogi', 'Minna, Niger'],
  'benin-electric': ['GRA, Benin City', 'Asaba, Delta', 'Akure, Ondo', 'Ado-Ekiti, Ekiti'],
  'eko-electric': ['Lekki Phase 1, Lagos', 'Surulere, Lagos', 'Ajah, Lagos', 'Apapa, Lagos', 'Festac Town, Lagos'],
  'enugu-electric': ['Independence Layout, Enugu', 'Awka, Anambra', 'Owerri, Imo', 'Umuahia, Abia', 'Abakaliki, Ebonyi'],
  'ibadan-electric': ['Bodija, Ibadan', 'Abeokuta, Ogun', 'Ilorin, Kwara', 'Osogbo, Osun'],
  'ikeja-electric': ['Ikeja GRA, Lagos', 'Ikorodu, Lagos', 'Oshodi, Lagos', 'Abule-Egba, Lagos', 'Ogba, Lagos'],
  'jos-electric': ['Rayfield, Jos', 'Bauchi, Bauchi', 'Gombe, Gombe', 'Makurdi, Benue'],
  'kaduna-electric': ['Barnawa, Kaduna', 'Zaria, Kaduna', 'Sokoto, Sokoto', 'Birnin Kebbi, Kebbi', 'Gusau, Zamfara'],
  'kano-electric': ['Nassarawa GRA, Kano', 'Dutse, Jigawa', 'Katsina, Katsina'],
  'portharcourt-electric': ['Old GRA, Port Harcourt', 'Uyo, Akwa Ibom', 'Calabar, Cross River', 'Yenagoa, Bayelsa'],
  'yola-electric': ['Jimeta, Yola', 'Maiduguri, Borno', 'Jalingo, Taraba', 'Damaturu, Yobe'],
};

function bouquet(provider: string, name: string, price: number): CablePackage {
  // "GOtv Supa+" → gotv-supa-plus: the provider's name is not repeated in the code.
  const slug = name.toLowerCase().replace(new RegExp(`^${provider} `), '').replace(/\+/g, '-plus').replace(/[^a-z0-9-]+/g, '-');
  return { id: `${provider}-${slug}`, name, amount: naira(price) };
}

/** Every provider's bouquets, cheapest first: provider, name, naira a month. */
const bouquetList: Array<[provider: string, name: string, price: number]> = [
  ['dstv', 'DStv Padi', 4_400],
  ['dstv', 'DStv Yanga', 6_000],
  ['dstv', 'DStv Confam', 11_000],
  ['dstv', 'DStv Compact', 19_000],
  ['dstv', 'DStv Compact Plus', 30_000],
  ['dstv', 'DStv Premium', 44_500],
  ['gotv', 'GOtv Smallie', 1_900],
  ['gotv', 'GOtv Jinja', 3_900],
  ['gotv', 'GOtv Jolli', 5_800],
  ['gotv', 'GOtv Max', 8_500],
  ['gotv', 'GOtv Supa', 11_400],
  ['gotv', 'GOtv Supa+', 16_800],
  ['startimes', 'Nova', 2_100],
  ['startimes', 'Basic', 4_000],
  ['startimes', 'Smart', 5_100],
  ['startimes', 'Classic', 6_000],
  ['startimes', 'Super', 9_800],
];

const cablePackages: Record<string, CablePackage[]> = {};
for (const [provider, name, price] of bouquetList) (cablePackages[provider] ??= []).push(bouquet(provider, name, price));

export const sandboxCatalogue: BillerCatalogue = {
  networks: [
    { id: 'mtn', name: 'MTN' },
    { id: 'airtel', name: 'Airtel' },
    { id: 'glo', name: 'Glo' },
    { id: '9mobile', name: '9mobile' },
  ],
  dataPlans,
  discos,
  cableProviders: [
    { id: 'dstv', name: 'DStv' },
    { id: 'gotv', name: 'GOtv' },
    { id: 'startimes', name: 'StarTimes' },
  ],
  cablePackages,
};

/**
 * The sandbox tariff (documented in docs/sandbox.md): naira per kWh by service band, as NERC's
 * 2024 order set them (Band A after its July 2024 review; Bands B–E frozen). Prepaid vends
 * deduct 7.5 % VAT before energy: units = amount ÷ 1.075 ÷ rate, rounded down to 0.1 kWh.
 */
export const tariffKoboPerKwh: Record<string, number> = { A: 20_950, B: 6_300, C: 5_000, D: 4_300, E: 4_000 };
export const vatPerThousand = 75;

export function unitsFor(amountKobo: number, band: string): number {
  const rate = ownValue(tariffKoboPerKwh, band);
  if (!rate) throw new Error(`unknown tariff band ${band}`);
  // Tenths of a kWh, in integers: amount × 10 × 1000 / (rate × 1075).
  const tenths = Math.floor((amountKobo * 10 * 1000) / (rate * (1000 + vatPerThousand)));
  return tenths / 10;
}
