import { useFieldArray, useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { duplicateRecipientRows, giftCardMessages as gc, type GiftCardRecipientInput } from '../../../contracts';
import type { DefinitionIssue } from '../../../machines/gift-card/gift-card-definition.machine';
import { Button, Form, FormError, TextField } from '../../ui';
import { useIssueText } from './issue-text';
import { StepActions } from './StepActions';
import * as s from './gifts.css';

const emptyRecipient: GiftCardRecipientInput = { name: '', email: '', email_confirmation: '' };

/**
 * Step 3 (by e-mail): one recipient per card, each with name, e-mail and its confirmation; no e-mail
 * twice. A card whose e-mail an earlier card has can be removed, with its recipient (one card fewer).
 */
export function RecipientsStep({
  quantity,
  recipients,
  issues,
  onSubmit,
  onRemove,
  onBack,
}: {
  quantity: number;
  recipients: readonly GiftCardRecipientInput[];
  issues: readonly DefinitionIssue[];
  onSubmit: (recipients: GiftCardRecipientInput[]) => void;
  /** Removes the card of this row (the machine counts one card fewer). */
  onRemove: (row: number) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const issue = useIssueText(issues);
  const { register, handleSubmit, watch, control } = useForm<{ recipients: GiftCardRecipientInput[] }>({
    defaultValues: { recipients: Array.from({ length: quantity }, (_, row) => recipients[row] ?? emptyRecipient) },
  });
  const { fields, remove } = useFieldArray({ control, name: 'recipients' });
  const duplicates = new Set(duplicateRecipientRows(watch('recipients') ?? []));
  const listIssue = issue('');
  const removeCard = (row: number) => {
    remove(row);
    onRemove(row);
  };

  return (
    <Form onSubmit={handleSubmit((fields) => onSubmit(fields.recipients))} aria-label={t`Recebedores`} noValidate>
      {fields.map((item, row) => {
        const number = row + 1;
        return (
          <fieldset key={item.id} className={s.recipientRow}>
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
            {duplicates.has(row) && fields.length > 1 ? (
              <div>
                <Button type="button" variant="ghost" size="sm" onClick={() => removeCard(row)}>
                  <Trans>Remover o cartão {number}</Trans>
                </Button>
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {listIssue ? <FormError>{listIssue}</FormError> : null}
      <StepActions onBack={onBack} />
    </Form>
  );
}
