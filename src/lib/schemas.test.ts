import { describe, expect, it } from 'vitest';
import { englishErrors } from '../i18n/testing/in-english.ts';
import { addressSchema } from './address-schema.ts';
import { fieldErrorsOf, isTrivialPin, loginSchema, phoneNumberSchema, pinSchema, registerSchema } from './schemas.ts';

const validRegistration = {
  first_name: 'Adaeze',
  last_name: "O'Neil-Okafor",
  email: '  Adaeze@Example.COM ',
  phone_number: '0803 123 4567',
  password: 'a long enough passphrase',
  password_confirmation: 'a long enough passphrase',
  terms: 'on',
};

describe('registerSchema', () => {
  it('normalises email and phone number', () => {
    const result = registerSchema.parse(validRegistration);
    expect(result.email).toBe('adaeze@example.com');
    expect(result.phone_number).toBe('+2348031234567');
    expect(result.terms).toBe(true);
  });

  it('names each field that is wrong', () => {
    const result = registerSchema.safeParse({ ...validRegistration, first_name: '', password: 'short', password_confirmation: 'other', terms: undefined });
    expect(result.success).toBe(false);
    const errors = englishErrors(fieldErrorsOf(result.error!));
    expect(errors.first_name).toEqual(['Enter your first name']);
    expect(errors.password).toEqual(['Use at least 8 characters']);
    expect(errors.terms).toEqual(['Accept the terms and conditions to open an account']);
  });

  it('refuses mismatched confirmation on the confirmation field', () => {
    const result = registerSchema.safeParse({ ...validRegistration, password_confirmation: 'something else entirely' });
    expect(englishErrors(fieldErrorsOf(result.error!)).password_confirmation).toEqual(['The two passwords do not match']);
  });

  it('allows long passwords (64 and more)', () => {
    const long = 'x'.repeat(100);
    expect(registerSchema.safeParse({ ...validRegistration, password: long, password_confirmation: long }).success).toBe(true);
  });
});

describe('phoneNumberSchema', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['+2349051234567', '+2349051234567'],
    ['2347011234567', '+2347011234567'],
    ['0810-123-4567', '+2348101234567'],
  ])('accepts %s', (input, expected) => {
    expect(phoneNumberSchema.parse(input)).toBe(expected);
  });
  it.each(['0803123456', '06031234567', '+14155550100', 'phone'])('refuses %s', (input) => {
    expect(phoneNumberSchema.safeParse(input).success).toBe(false);
  });
});

describe('addressSchema', () => {
  it('accepts an LGA of the chosen state', () => {
    expect(addressSchema.safeParse({ address: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' }).success).toBe(true);
  });
  it('refuses an LGA of another state', () => {
    const result = addressSchema.safeParse({ address: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Kano Municipal' });
    expect(englishErrors(fieldErrorsOf(result.error!)).lga).toEqual(['Choose a local government area in the state you chose']);
  });
  it('refuses an unknown state', () => {
    const result = addressSchema.safeParse({ address: '12 Allen Avenue', city: 'Ikeja', state: 'Atlantis', lga: 'Ikeja' });
    expect(englishErrors(fieldErrorsOf(result.error!)).state).toEqual(['Choose a state from the list']);
  });
});

describe('PIN rules', () => {
  it.each(['0000', '1111', '1234', '4321', '6789', '9876'])('%s is trivial', (pin) => expect(isTrivialPin(pin)).toBe(true));
  it.each(['1357', '2580', '1122', '9071'])('%s is not trivial', (pin) => expect(isTrivialPin(pin)).toBe(false));
  it('needs exactly four digits and a matching confirmation', () => {
    expect(pinSchema.safeParse({ pin: '12345', pin_confirmation: '12345' }).success).toBe(false);
    expect(pinSchema.safeParse({ pin: '12a4', pin_confirmation: '12a4' }).success).toBe(false);
    expect(englishErrors(fieldErrorsOf(pinSchema.safeParse({ pin: '2580', pin_confirmation: '2581' }).error!)).pin_confirmation).toBeDefined();
    expect(pinSchema.safeParse({ pin: '2580', pin_confirmation: '2580' }).success).toBe(true);
  });
});

describe('loginSchema', () => {
  it('needs both fields', () => {
    const errors = englishErrors(fieldErrorsOf(loginSchema.safeParse({}).error!));
    expect(errors.email).toBeDefined();
    expect(errors.password).toEqual(['Enter your password']);
  });
});
