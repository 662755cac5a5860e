import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Checkbox } from '../../../src/ui/Checkbox';
import { RadioGroup } from '../../../src/ui/RadioGroup';
import { Select } from '../../../src/ui/Select';
import { TextField } from '../../../src/ui/TextField';

describe('form fields', () => {
  it('TextField links label, hint and error, and marks itself invalid', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField ref={ref} label="E-mail" name="email" hint="Usamos para enviar o recibo." error="E-mail inválido" />);
    const input = screen.getByLabelText('E-mail');
    expect(ref.current).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Usamos para enviar o recibo.', 'E-mail inválido']);
    expect(screen.getByRole('alert').textContent).toBe('E-mail inválido');
  });

  it('TextField without error is not invalid and has no alert', () => {
    render(<TextField label="Nome" />);
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Nome').getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Select forwards its ref and lists its options', () => {
    const ref = createRef<HTMLSelectElement>();
    render(
      <Select ref={ref} label="Estado" placeholder="Selecione" options={[{ value: 'PE', label: 'Pernambuco' }]} error="Estado inválido" />,
    );
    const select = screen.getByLabelText('Estado') as HTMLSelectElement;
    expect(ref.current).toBe(select);
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Selecione', 'Pernambuco']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('Checkbox and RadioGroup are labelled', () => {
    render(
      <>
        <Checkbox label="Doação anônima" />
        <RadioGroup
          legend="Tipo de pessoa"
          name="person_type"
          options={[
            { value: 'INDIVIDUAL', label: 'Pessoa física' },
            { value: 'COMPANY', label: 'Pessoa jurídica' },
          ]}
          error="Escolha uma opção"
        />
      </>,
    );
    expect(screen.getByLabelText('Doação anônima')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tipo de pessoa' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Pessoa jurídica').getAttribute('type')).toBe('radio');
  });
});
