import { useState } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import { BANKS } from '../../../../contracts/admin-pix';
import { formatNumber } from '../../../app';
import { Select, TextField } from '../../../ui';
import { searchBanks } from './bank-search';

/**
 * The bank of a payout account, among the 513 of the registry: a search field (code or name) narrows
 * the native select under it, which stays the control that holds the choice (keyboard and screen
 * readers work as with any select), and a polite status says how many banks answer. When the bank
 * chosen no longer answers, the first one that does is chosen, so what the select shows is the choice.
 */
export function BankPicker({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const found = searchBanks(BANKS, query);
  const chosen = BANKS.find((bank) => bank.code === value);
  // The chosen bank stays listed, so the select never shows a value it does not have.
  const listed = chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  const count = formatNumber(found.length);
  return (
    <>
      <TextField
        label={t`Buscar o banco (código ou nome)`}
        type="search"
        value={query}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setQuery(next);
          const answers = searchBanks(BANKS, next);
          const first = answers[0];
          if (first && !answers.some((bank) => bank.code === value)) onChange(first.code);
        }}
        // Enter here picks from the list; it does not send the form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        hint={
          <span role="status">
            <Plural value={found.length} _0="Nenhum banco com esse código ou nome" one={`${count} banco`} other={`${count} bancos`} />
          </span>
        }
      />
      <Select
        label={t`Banco`}
        options={listed.map((bank) => ({ value: bank.code, label: `${bank.code} · ${bank.name}` }))}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
