import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from '../../../src/ui';
import { dateTextToIso, isoToDateText, maskDateText } from '../../../src/ui/date-text';
import { renderWithI18n } from '../app/render';

describe('date text (dd/mm/aaaa whatever the browser locale)', () => {
  it('masks digits as they are typed', () => {
    expect(maskDateText('0')).toBe('0');
    expect(maskDateText('0803')).toBe('08/03');
    expect(maskDateText('08031992')).toBe('08/03/1992');
    expect(maskDateText('08/03/1992 extra 77')).toBe('08/03/1992');
  });

  it('turns a complete date into ISO, empty into null, and leaves half-typed text for the schema to refuse', () => {
    expect(dateTextToIso('08/03/1992')).toBe('1992-03-08');
    expect(dateTextToIso('')).toBeNull();
    expect(dateTextToIso('08/03/19')).toBe('08/03/19');
  });

  it('shows ISO dates the Brazilian way', () => {
    expect(isoToDateText('1992-03-08')).toBe('08/03/1992');
    expect(isoToDateText(null)).toBe('');
    expect(isoToDateText('08/0')).toBe('08/0');
  });
});

function Harness({ initial }: { initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField label="Data de nascimento" value={value} onChange={setValue} />
      <output aria-label="valor">{String(value)}</output>
      <button type="button" onClick={() => setValue('2000-01-31')}>
        redefinir
      </button>
    </>
  );
}

describe('DateField', () => {
  it('shows the form value as dd/mm/aaaa and hands back ISO', async () => {
    await renderWithI18n(<Harness initial="1990-04-15" />);
    const input = screen.getByLabelText('Data de nascimento') as HTMLInputElement;
    expect(input.value).toBe('15/04/1990');
    expect(input.placeholder).toBe('dd/mm/aaaa');
    fireEvent.change(input, { target: { value: '0803' } });
    expect(input.value).toBe('08/03');
    expect(screen.getByLabelText('valor').textContent).toBe('08/03');
    fireEvent.change(input, { target: { value: '08031992' } });
    expect(screen.getByLabelText('valor').textContent).toBe('1992-03-08');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByLabelText('valor').textContent).toBe('null');
  });

  it('follows a value set from outside (a form reset)', async () => {
    await renderWithI18n(<Harness initial={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'redefinir' }));
    expect((screen.getByLabelText('Data de nascimento') as HTMLInputElement).value).toBe('31/01/2000');
  });
});
