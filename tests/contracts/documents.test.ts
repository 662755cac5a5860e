import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfOrCnpjIssue, isValidCnpj, isValidCpf, isValidPhone, isValidZipCode, normalizeCnpj } from '../../contracts/documents';

/** Computes CPF check digits independently of the implementation under test. */
function cpfWithCheckDigits(base: number[]): string {
  const digits = [...base];
  for (const n of [9, 10]) {
    const sum = digits.slice(0, n).reduce((acc, d, i) => acc + d * (n + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '390.533.447-05'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each(['529.982.247-24', '111.111.111-11', '00000000000', '1234567890', '123456789012', ''])('refuses %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
  it('accepts any base with its computed check digits (unless all digits are equal)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), (base) => {
        const cpf = cpfWithCheckDigits(base);
        expect(isValidCpf(cpf)).toBe(!/^(\d)\1{10}$/.test(cpf));
      }),
    );
  });
});

describe('CNPJ', () => {
  // 12ABC34501DE: weights 5..2,9..2 over (ASCII − 48): sum 459, 459 % 11 = 8 → 3; then 424 % 11 = 6 → 5.
  it.each(['12.ABC.345/01DE-35', '12ABC34501DE35', '12abc34501de35', '11.222.333/0001-81', '11222333000181'])('accepts %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });
  it.each(['12ABC34501DE36', '12ABC34501DE3A', '11.222.333/0001-82', '00000000000000', '1122233300018', ''])('refuses %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
  it('normalises the mask and case', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
});

describe("a card holder's CPF or CNPJ", () => {
  it.each(['529.982.247-25', '52998224725', '12.ABC.345/01DE-35', '11222333000181'])('accepts %s', (document) => {
    expect(cpfOrCnpjIssue(document)).toBeNull();
  });
  it.each([
    ['111.111.111-11', 'cpf'],
    ['123', 'cpf'],
    ['12.ABC.345/01DE-36', 'cnpj'],
    ['112223330001', 'cnpj'],
  ] as const)('refuses %s as a %s', (document, kind) => {
    expect(cpfOrCnpjIssue(document)).toBe(kind);
  });
});

describe('phone and CEP', () => {
  it.each(['(11) 98765-4321', '11987654321', '+55 81 3222-1234', '8132221234'])('accepts phone %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each(['1234', '(01) 98765-4321', '11 8765-432', '(11) 88765-4321'])('refuses phone %s', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
  it('checks CEPs have 8 digits', () => {
    expect(isValidZipCode('50030-230')).toBe(true);
    expect(isValidZipCode('5003023')).toBe(false);
  });
});
