import { describe, expect, it } from 'vitest';
import { maskCnpj, maskCpf, maskPhone } from '../../../../src/app/forms/masks';
import { isValidCnpj } from '../../../../contracts';

describe('sign-up masks', () => {
  it('masks a CPF as 000.000.000-00, dropping anything but digits', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-25999')).toBe('529.982.247-25');
    expect(maskCpf('abc')).toBe('');
  });

  it('masks a CNPJ as 00.000.000/0000-00 and keeps letters in the first 12 characters (2026 format)', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(isValidCnpj(maskCnpj('12abc34501de35'))).toBe(true);
    // The check digits are always digits: letters typed there are dropped.
    expect(maskCnpj('12ABC34501DEXY35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12.ABC.345/01DE-3577')).toBe('12.ABC.345/01DE-35');
  });

  it('masks a mobile as (00) 00000-0000 and a landline as (00) 0000-0000', () => {
    expect(maskPhone('81')).toBe('(81');
    expect(maskPhone('8132')).toBe('(81) 32');
    expect(maskPhone('8132345678')).toBe('(81) 3234-5678');
    expect(maskPhone('81987654321')).toBe('(81) 98765-4321');
    expect(maskPhone('(81) 98765-43219')).toBe('(81) 98765-4321');
  });
});
