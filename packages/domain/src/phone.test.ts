import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneSearchDigits, telHref } from './phone.ts';

describe('normalizePhone', () => {
  it('keeps every digit of a German number typed with spaces and a plus', () => {
    expect(normalizePhone('+49 170 1234 5678')).toBe('+4917012345678');
    expect(normalizePhone('+49 151 23456789')).toBe('+4915123456789');
  });

  it('reads the national form with its leading 0 as German, whatever stands between the digits', () => {
    expect(normalizePhone('0170/123 45 67')).toBe('+491701234567');
    expect(normalizePhone('0170 1234567')).toBe('+491701234567');
    expect(normalizePhone('(030) 123-456')).toBe('+4930123456');
    expect(normalizePhone('  030 123456  ')).toBe('+4930123456');
    expect(normalizePhone('0049 170 1234567')).toBe('+491701234567');
    expect(normalizePhone('+49 (0)170 1234567')).toBe('+491701234567');
  });

  it('keeps another country’s number in its own country', () => {
    expect(normalizePhone('+43 1 234567')).toBe('+431234567');
    expect(normalizePhone('+1 212 555 0100')).toBe('+12125550100');
  });

  it('takes a number already in E.164 as it is', () => {
    expect(normalizePhone('+4917012345678')).toBe('+4917012345678');
  });

  it('refuses what is not a phone number', () => {
    for (const garbage of [
      '',
      '   ',
      'abc',
      'call 0170 1234567',
      '12',
      '+999 1234',
      '0170 1234567 ext. 12',
      '0170+1234567',
    ])
      expect(normalizePhone(garbage)).toBeNull();
  });

  it('refuses more than the 15 digits E.164 allows', () => {
    expect(normalizePhone('+49 170 1234 5678 9999')).toBeNull();
    expect(normalizePhone('0170 1234 5678 9012 3')).toBeNull();
    expect(normalizePhone(`0170 ${'1'.repeat(40)}`)).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows a German number in national form and any other in international form', () => {
    expect(formatPhone('+4917012345678')).toBe('0170 12345678');
    expect(formatPhone('+4930123456')).toBe('030 123456');
    expect(formatPhone('+431234567')).toBe('+43 1 234567');
  });

  it('shows a number stored before normalising, without a country, as it was stored', () => {
    expect(formatPhone('49170123456')).toBe('49170123456');
    expect(formatPhone('030123456')).toBe('030123456');
    expect(formatPhone('')).toBe('');
  });
});

describe('phoneSearchDigits', () => {
  it('finds a German number however its prefix was typed', () => {
    for (const typed of [
      '0170 1234567',
      '+49 170 1234567',
      '0049 170 1234567',
      '+49 (0)170 1234567',
      '0170/123 45 67',
    ]) {
      expect(phoneSearchDigits(typed), typed).toBe('1701234567');
    }
  });

  it('looks for part of a number, the prefix left off the same way', () => {
    expect(phoneSearchDigits('0170 123')).toBe('170123');
    expect(phoneSearchDigits('+49 170 12')).toBe('17012');
    expect(phoneSearchDigits('1234 567')).toBe('1234567');
  });

  it('keeps another country’s code when the number is not whole', () => {
    expect(phoneSearchDigits('+43 1 234567')).toBe('1234567');
    expect(phoneSearchDigits('+43 1 23')).toBe('43123');
  });

  it('is null for text and for too few digits', () => {
    expect(phoneSearchDigits('Gabi')).toBeNull();
    expect(phoneSearchDigits('gabi@example.com')).toBeNull();
    expect(phoneSearchDigits('0170')).toBeNull();
    expect(phoneSearchDigits('1234')).toBeNull();
  });
});

describe('telHref', () => {
  it('keeps only the digits and a leading plus', () => {
    expect(telHref(' +49 30 61623413 ')).toBe('tel:+493061623413');
    expect(telHref('030 / 12 34 56')).toBe('tel:030123456');
  });
});
