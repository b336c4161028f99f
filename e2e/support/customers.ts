import { randomBytes, randomInt } from 'node:crypto';

/** A customer who does not exist yet: unique email and phone per call, so tests never collide. */
export type NewCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  /** As typed by a customer: a Nigerian mobile number with spaces, e.g. 0803 123 4567. */
  phone: string;
  password: string;
  pin: string;
  state: string;
  lga: string;
  address: string;
  city: string;
  securityQuestion: string;
  securityAnswer: string;
};

const firstNames = ['Adaeze', 'Chinedu', 'Funmilayo', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Temitope', 'Yusuf', 'Zainab', 'Emeka'];
const lastNames = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Olawale', 'Nwosu', 'Abubakar', 'Ogunleye'];
// The 070, 080, 081, 090 and 091 ranges the app accepts.
const prefixes = ['0703', '0803', '0805', '0810', '0813', '0903', '0906', '0912'];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

export function newCustomer(overrides: Partial<NewCustomer> = {}): NewCustomer {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  const phone = `${pick(prefixes)} ${digits.slice(0, 3)} ${digits.slice(3)}`;
  return {
    firstName: pick(firstNames),
    lastName: pick(lastNames),
    email: `e2e.${tag}@example.com`,
    phone,
    password: `Plantain-harbour-${randomBytes(3).toString('hex')}-Jos`,
    pin: '2718',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    securityQuestion: 'In which town was your mother born?',
    securityAnswer: 'Abeokuta',
    ...overrides,
  };
}

export const demoCustomer = {
  email: 'demo@harmattan.bank.example',
  password: 'harmattan-demo-2026',
  firstName: 'Ngozi',
} as const;
