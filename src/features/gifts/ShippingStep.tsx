import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { saoPauloDateOf, saoPauloInstant, type GiftCardShipping } from '../../../contracts';
import type { DefinitionIssue } from '../../../machines/gift-card/gift-card-definition.machine';
import { Form, RadioGroup, TextField } from '../../ui';
import { useIssueText } from './issue-text';
import { StepActions } from './StepActions';

interface Fields {
  mode: GiftCardShipping['mode'];
  date: string;
  time: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** A date and time typed on this page, read in America/Sao_Paulo whatever the visitor's own zone; '' when incomplete. */
export function sendAtOf(date: string, time: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return '';
  return saoPauloInstant(
    { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]) },
    Number(clock[1]),
    Number(clock[2]),
  ).toISOString();
}

/** Step 2: e-mail now, e-mail on a chosen day and time (São Paulo), or a printable PDF for the buyer. */
export function ShippingStep({
  shipping,
  issues,
  onSubmit,
  onBack,
  printable = true,
}: {
  /** A company's cards go by e-mail (its printable cards are the codes' PDF after paying). */
  printable?: boolean;
  shipping: GiftCardShipping | null;
  issues: readonly DefinitionIssue[];
  onSubmit: (shipping: unknown, submittedAt: string) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const issue = useIssueText(issues);
  const scheduled = shipping?.mode === 'email_scheduled' ? new Date(shipping.send_at) : null;
  const { register, handleSubmit, watch } = useForm<Fields>({
    defaultValues: {
      mode: shipping?.mode ?? 'email_now',
      date: isoDay(saoPauloDateOf(scheduled ?? new Date(Date.now() + DAY_MS))),
      time: scheduled
        ? new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(scheduled)
        : '09:00',
    },
  });
  const mode = watch('mode');
  const submit = (fields: Fields) =>
    onSubmit(
      fields.mode === 'email_scheduled' ? { mode: fields.mode, send_at: sendAtOf(fields.date, fields.time) } : { mode: fields.mode },
      new Date().toISOString(),
    );

  return (
    <Form onSubmit={handleSubmit(submit)} aria-label={t`Envio`} noValidate>
      <RadioGroup
        legend={t`Como os cartões chegam`}
        options={[
          { value: 'email_now', label: t`Por e-mail, assim que o pagamento for confirmado` },
          { value: 'email_scheduled', label: t`Por e-mail, no dia e hora que eu escolher` },
          ...(printable ? [{ value: 'pdf', label: t`Em PDF para eu imprimir e entregar` }] : []),
        ]}
        error={issue('mode')}
        {...register('mode')}
      />
      {mode === 'email_scheduled' ? (
        <>
          <TextField label={t`Dia do envio`} type="date" required error={issue('send_at')} {...register('date')} />
          <TextField label={t`Hora do envio (horário de Brasília)`} type="time" required {...register('time')} />
        </>
      ) : null}
      <StepActions onBack={onBack} />
    </Form>
  );
}
