import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { duplicateRecipientRows, giftCardMessages as gc, type GiftCardRecipientInput } from '../../../contracts';
import type { DefinitionIssue } from '../../../machines/gift-card/gift-card-definition.machine';
import { Form, FormError, TextField } from '../../ui';
import { useIssueText } from './issue-text';
import { StepActions } from './StepActions';
import * as s from './gifts.css';

const emptyRecipient: GiftCardRecipientInput = { name: '', email: '', email_confirmation: '' };

/** Step 3 (by e-mail): one recipient per card, each with name, e-mail and its confirmation; no e-mail twice. */
export function RecipientsStep({
  quantity,
  recipients,
  issues,
  onSubmit,
  onBack,
}: {
  quantity: number;
  recipients: readonly GiftCardRecipientInput[];
  issues: readonly DefinitionIssue[];
  onSubmit: (recipients: GiftCardRecipientInput[]) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const issue = useIssueText(issues);
  const rows = Array.from({ length: quantity }, (_, row) => recipients[row] ?? emptyRecipient);
  const { register, handleSubmit, watch } = useForm<{ recipients: GiftCardRecipientInput[] }>({ defaultValues: { recipients: rows } });
  const duplicates = new Set(duplicateRecipientRows(watch('recipients') ?? []));
  const listIssue = issue('');

  return (
    <Form onSubmit={handleSubmit((fields) => onSubmit(fields.recipients))} aria-label={t`Recebedores`} noValidate>
      {rows.map((_, row) => {
        const number = row + 1;
        return (
          <fieldset key={row} className={s.recipientRow}>
            <legend className={s.rowTitle}>
              <Trans>Cartão {number}</Trans>
            </legend>
            <TextField label={t`Nome`} autoComplete="off" required error={issue(`${row}.name`)} {...register(`recipients.${row}.name`)} />
            <TextField
              label={t`E-mail`}
              type="email"
              autoComplete="off"
              required
              error={issue(`${row}.email`) ?? (duplicates.has(row) ? i18n._(gc.recipientsDuplicated.id) : undefined)}
              {...register(`recipients.${row}.email`)}
            />
            <TextField
              label={t`Confirme o e-mail`}
              type="email"
              autoComplete="off"
              required
              error={issue(`${row}.email_confirmation`)}
              {...register(`recipients.${row}.email_confirmation`)}
            />
          </fieldset>
        );
      })}
      {listIssue ? <FormError>{listIssue}</FormError> : null}
      <StepActions onBack={onBack} />
    </Form>
  );
}
