import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MONTHLY_MAX_CENTS, MONTHLY_MIN_CENTS, type SavedCard } from '../../../contracts';
import { formatMoney } from '../../app';
import { Button, Form, FormActions, RadioGroup, Spinner, TextField } from '../../ui';
import { centsToReaisText, reaisToCents } from '../../app/format';
import { isMonthlyAmount } from './amount';
import { cardLabel } from './status-text';

/** The new monthly amount, typed in reais; the machine checks it again with the contract. */
export function AmountEditor({
  current,
  busy,
  onSubmit,
  onCancel,
}: {
  current: number;
  busy: boolean;
  onSubmit: (cents: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(centsToReaisText(current));
  const [shown, setShown] = useState<string | undefined>();
  const min = formatMoney(MONTHLY_MIN_CENTS);
  const max = formatMoney(MONTHLY_MAX_CENTS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = reaisToCents(text);
    if (!isMonthlyAmount(cents)) return setShown(t`Escolha um valor entre ${min} e ${max} por mês.`);
    if (cents === current) return setShown(t`Esse já é o valor da sua doação mensal.`);
    onSubmit(cents);
  };
  return (
    <Form aria-label={t`Alterar valor`} onSubmit={submit}>
      <TextField
        label={t`Novo valor por mês (R$)`}
        hint={t`Vale a partir da próxima cobrança.`}
        inputMode="decimal"
        autoFocus
        value={text}
        error={shown}
        onChange={(e) => setText(e.target.value)}
      />
      <FormActions>
        <Button type="submit" loading={busy}>
          <Trans>Salvar valor</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          <Trans>Voltar</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}

/** Another saved card for the next charges (a new card is saved by giving with it once). */
export function CardPicker({
  cards,
  currentId,
  busy,
  onSubmit,
  onCancel,
}: {
  cards: SavedCard[] | null;
  currentId: string | null;
  busy: boolean;
  onSubmit: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const others = (cards ?? []).filter((card) => card.id !== currentId);
  const [chosen, setChosen] = useState('');
  if (cards === null) return <Spinner label={t`Carregando cartões…`} />;
  return (
    <Form
      aria-label={t`Trocar cartão`}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== '') onSubmit(chosen);
      }}
    >
      {others.length === 0 ? (
        <p>
          <Trans>Você não tem outro cartão salvo. Para usar um cartão novo, doe uma vez com ele e marque "Salvar este cartão".</Trans>
        </p>
      ) : (
        <RadioGroup
          legend={t`Cobrar os próximos meses no cartão`}
          name="subscription-card"
          value={chosen}
          options={others.map((card) => ({ value: card.id, label: cardLabel(card) }))}
          onChange={(event) => setChosen(event.target.value)}
        />
      )}
      <FormActions>
        {others.length > 0 ? (
          <Button type="submit" loading={busy} disabled={chosen === ''}>
            <Trans>Usar este cartão</Trans>
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          <Trans>Voltar</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
