import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  GIFT_CARD_MAX_QUANTITY,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_TEMPLATES,
  type GiftCardDesign,
  type GiftCardTemplate,
} from '../../../contracts';
import type { DefinitionIssue } from '../../../machines/gift-card/gift-card-definition.machine';
import { centsToReaisText, reaisToCents } from '../../lib/money';
import { Form, FormError, TextArea, TextField } from '../../ui';
import { useIssueText } from './issue-text';
import { StepActions } from './StepActions';
import { templateLooks } from './templates';
import * as s from './gifts.css';

export interface DesignDraft {
  value: number | null;
  quantity: number | null;
  template: GiftCardTemplate | null;
  message: string;
  from: string;
}

interface Fields {
  value: string;
  quantity: string;
  template: string;
  message: string;
  from: string;
}

const toDraft = (fields: Partial<Fields>): DesignDraft => ({
  value: reaisToCents(fields.value ?? ''),
  quantity: /^\d+$/.test(fields.quantity ?? '') ? Number(fields.quantity) : null,
  template: (GIFT_CARD_TEMPLATES as readonly string[]).includes(fields.template ?? '') ? (fields.template as GiftCardTemplate) : null,
  message: fields.message ?? '',
  from: fields.from ?? '',
});

/** Step 1: value (whole reais, from R$ 30,00), how many cards, the template, the message and who sends it. */
export function DesignStep({
  design,
  defaultFrom,
  issues,
  onDraft,
  onSubmit,
  withQuantity = true,
}: {
  /** A company's cards: how many comes from its spreadsheet or the codes it asks for, not from here. */
  withQuantity?: boolean;
  design: (Omit<GiftCardDesign, 'quantity'> & { quantity?: number }) | null;
  defaultFrom: string;
  issues: readonly DefinitionIssue[];
  onDraft: (draft: DesignDraft) => void;
  onSubmit: (design: DesignDraft) => void;
}) {
  const { t, i18n } = useLingui();
  const issue = useIssueText(issues);
  const { register, handleSubmit, watch, getValues, getFieldState, setValue } = useForm<Fields>({
    defaultValues: {
      value: design ? centsToReaisText(design.value) : '',
      quantity: String(design?.quantity ?? 1),
      template: design?.template ?? '',
      message: design?.message ?? '',
      from: design?.from ?? defaultFrom,
    },
  });
  // The preview beside the form follows every keystroke.
  useEffect(() => {
    onDraft(toDraft(watch()));
    const subscription = watch((fields) => onDraft(toDraft(fields as Partial<Fields>)));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);
  // A page opened straight after signing in can show the form before the account is read: its name then
  // arrives later, and goes in unless the buyer has typed a sender already.
  useEffect(() => {
    if (defaultFrom && getValues('from') === '' && !getFieldState('from').isDirty) setValue('from', defaultFrom);
  }, [defaultFrom, getValues, getFieldState, setValue]);
  const messageLength = (watch('message') ?? '').length;

  return (
    <Form onSubmit={handleSubmit((fields) => onSubmit(toDraft(fields)))} aria-label={t`O cartão`} noValidate>
      <TextField
        label={t`Valor de cada cartão (R$)`}
        hint={t`A partir de R$ 30,00, em reais inteiros.`}
        inputMode="numeric"
        required
        error={issue('value')}
        {...register('value')}
      />
      {withQuantity ? (
        <TextField
          label={t`Quantidade de cartões`}
          type="number"
          min={1}
          max={GIFT_CARD_MAX_QUANTITY}
          required
          error={issue('quantity')}
          {...register('quantity')}
        />
      ) : null}
      <fieldset
        className={s.templatesFieldset}
        aria-describedby={issue('template') ? 'template-error' : undefined}
        aria-invalid={issue('template') ? true : undefined}
      >
        <legend className={s.legend}>
          <Trans>Modelo</Trans>
        </legend>
        <div className={s.templates}>
          {GIFT_CARD_TEMPLATES.map((template) => {
            const look = templateLooks[template];
            return (
              <label key={template} className={s.templateChoice}>
                <span className={s.swatch} style={{ background: `linear-gradient(135deg, ${look.from}, ${look.to})` }} aria-hidden="true">
                  {look.motif}
                </span>
                <span>
                  <input type="radio" value={template} {...register('template')} /> {i18n._(look.name)}
                </span>
              </label>
            );
          })}
        </div>
        {issue('template') ? (
          <p id="template-error" className={s.fieldError}>
            {issue('template')}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label={t`Mensagem`}
        hint={t`${messageLength} de ${GIFT_CARD_MESSAGE_MAX} caracteres`}
        required
        rows={4}
        error={issue('message')}
        {...register('message')}
      />
      <TextField label={t`De (quem envia)`} autoComplete="name" required error={issue('from')} {...register('from')} />
      {issues.length > 0 ? (
        <FormError>
          <Trans>Confira os campos marcados.</Trans>
        </FormError>
      ) : null}
      <StepActions />
    </Form>
  );
}
