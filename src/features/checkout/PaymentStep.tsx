import { useForm, type Resolver } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { cardInputSchema, giftCardCodeSchema, type PaymentMethod, type SavedCard } from '../../../contracts';
import type { PaymentChoice } from '../../../machines/checkout/checkout.machine';
import { Button, Checkbox, Form, FormActions, FormRow, Notice, RadioGroup, TextField } from '../../ui';
import { formatMoney, useVisitorPrompt } from '../../app';
import { masked } from '../../app/forms/masked';
import { maskCpfOrCnpj } from '../../app/forms/masks';
import type { GivingFrequency } from './frequency';
import { resolveWith, useRefusedFields } from './form-errors';
import { givingMessages } from '../../../contracts/giving-messages';

export interface PaymentValues {
  method: PaymentMethod | '';
  card_number: string;
  exp_date: string;
  cvv: string;
  holder_name: string;
  holder_document: string;
  save_card: boolean;
  card_id: string;
  code: string;
}

const maskCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const maskExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

const choiceOf = (v: PaymentValues): PaymentChoice | null => {
  switch (v.method) {
    case 'card':
      return {
        method: 'card',
        card: {
          card_number: v.card_number,
          exp_date: v.exp_date,
          cvv: v.cvv,
          holder_name: v.holder_name,
          holder_document: v.holder_document,
        },
        save_card: v.save_card,
      };
    case 'saved_card':
      return { method: 'saved_card', card_id: v.card_id };
    case 'gift_card':
      return { method: 'gift_card', code: v.code };
    case 'pix':
    case 'paypal':
    case 'wallet':
      return { method: v.method };
    default:
      return null;
  }
};

// Each method is checked with its contract schema; the machine checks the same again.
const resolver: Resolver<PaymentValues> = async (values) => {
  if (values.method === '')
    return resolveWith(values, [{ code: 'custom', path: ['method'], message: givingMessages.paymentMethodInvalid.id, input: '' }]);
  if (values.method === 'card')
    return resolveWith(
      values,
      cardInputSchema.safeParse(choiceOf(values)?.method === 'card' ? (choiceOf(values) as { card: object }).card : {}).error?.issues ?? [],
    );
  if (values.method === 'gift_card')
    return resolveWith(values, giftCardCodeSchema.safeParse(values.code).error?.issues ?? [], () => 'code');
  if (values.method === 'saved_card' && values.card_id === '')
    return resolveWith(values, [{ code: 'custom', path: ['card_id'], message: givingMessages.savedCardNotFound.id, input: '' }]);
  return { values, errors: {} };
};

function defaultsOf(payment: PaymentChoice | null, methods: readonly PaymentMethod[]): PaymentValues {
  const base: PaymentValues = {
    method: methods.length === 1 ? methods[0]! : '',
    card_number: '',
    exp_date: '',
    cvv: '',
    holder_name: '',
    holder_document: '',
    save_card: false,
    card_id: '',
    code: '',
  };
  if (!payment || !methods.includes(payment.method)) return base;
  // A declined card comes back with everything the donor typed (kept in memory only).
  if (payment.method === 'card') return { ...base, method: 'card', ...payment.card, save_card: payment.save_card };
  if (payment.method === 'saved_card') return { ...base, method: 'saved_card', card_id: payment.card_id };
  if (payment.method === 'gift_card') return { ...base, method: 'gift_card', code: payment.code };
  return { ...base, method: payment.method };
}

interface Props {
  methods: readonly PaymentMethod[];
  payment: PaymentChoice | null;
  signedIn: boolean;
  amount: number | null;
  savedCards: SavedCard[] | null;
  walletBalance: number | null;
  busy: boolean;
  submitLabel: string;
  /** 'monthly': a new card is always kept for the next charges, so there is nothing to tick. */
  frequency?: GivingFrequency;
  /** Fields the last request was refused for, by form field name (message ids); others land on the method. */
  fieldErrors?: Record<string, string>;
  onSubmit: (choice: PaymentChoice) => void;
}

const paymentFields = ['method', 'card_id', 'code'] as const;

/** Payment (docs/spec.md §3, §9): new card, my cards, PIX, PayPal (foreigners only), gift card code, wallet. */
export function PaymentStep({
  methods,
  payment,
  signedIn,
  amount,
  savedCards,
  walletBalance,
  busy,
  submitLabel,
  frequency = 'once',
  fieldErrors,
  onSubmit,
}: Props) {
  const { t, i18n } = useLingui();
  const visitorPrompt = useVisitorPrompt();
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<PaymentValues>({
    resolver,
    defaultValues: defaultsOf(payment, methods),
  });
  useRefusedFields(setError, fieldErrors, paymentFields, 'method');
  const errors = formState.errors;
  const err = (e: { message?: string } | undefined) => (e?.message ? i18n._(e.message) : undefined);
  const method = watch('method');
  const walletShort = walletBalance !== null && amount !== null && walletBalance < amount;
  const monthly = frequency === 'monthly';

  const labels: Record<PaymentMethod, string> = {
    card: t`Cartão de crédito`,
    saved_card: t`Meus cartões`,
    pix: t`PIX`,
    paypal: t`PayPal`,
    gift_card: t`Código de gift card`,
    wallet: walletBalance === null || !signedIn ? t`Saldo da carteira` : t`Saldo da carteira (${formatMoney(walletBalance)})`,
  };
  const methodField = register('method');

  return (
    <Form
      aria-label={t`Pagamento`}
      onSubmit={handleSubmit((v) => {
        const choice = choiceOf(v);
        if (choice) onSubmit(choice);
      })}
    >
      <RadioGroup
        legend={t`Forma de pagamento`}
        options={methods.map((m) => ({ value: m, label: labels[m], disabled: m === 'wallet' && signedIn && walletShort }))}
        error={err(errors.method)}
        {...methodField}
        onChange={(event) => {
          const chosen = (event.target as HTMLInputElement).value;
          // Wallet and saved cards belong to an account: visitors get the sign-in prompt instead.
          if (!signedIn && (chosen === 'wallet' || chosen === 'saved_card')) {
            setValue('method', method);
            (event.target as HTMLInputElement).checked = false;
            visitorPrompt.open();
            return Promise.resolve();
          }
          return methodField.onChange(event);
        }}
      />
      {method === 'card' ? (
        <>
          <TextField
            label={t`Número do cartão`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            required
            error={err(errors.card_number)}
            {...masked(register('card_number'), maskCardNumber)}
          />
          <FormRow>
            <TextField
              label={t`Validade (MM/AA)`}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              required
              error={err(errors.exp_date)}
              {...masked(register('exp_date'), maskExpiry)}
            />
            <TextField
              label={t`CVV`}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              required
              error={err(errors.cvv)}
              {...register('cvv')}
            />
          </FormRow>
          <TextField
            label={t`Nome do titular`}
            autoComplete="cc-name"
            hint={t`Como está impresso no cartão.`}
            required
            error={err(errors.holder_name)}
            {...register('holder_name')}
          />
          <TextField
            label={t`CPF ou CNPJ do titular`}
            hint={t`O CNPJ quando o cartão é da empresa.`}
            autoCapitalize="characters"
            required
            error={err(errors.holder_document)}
            {...masked(register('holder_document'), maskCpfOrCnpj)}
          />
          {monthly ? (
            <p>
              <Trans>O cartão fica salvo para as próximas cobranças; você pode trocá-lo depois, na sua carteira.</Trans>
            </p>
          ) : signedIn ? (
            <Checkbox label={t`Salvar este cartão`} {...register('save_card')} />
          ) : null}
        </>
      ) : null}
      {method === 'saved_card' ? (
        savedCards === null ? (
          <p>
            <Trans>Carregando seus cartões…</Trans>
          </p>
        ) : savedCards.length === 0 ? (
          <Notice>
            {monthly ? (
              <Trans>Você ainda não tem cartões salvos. Use um cartão novo: ele fica salvo para as próximas cobranças.</Trans>
            ) : (
              <Trans>Você ainda não tem cartões salvos. Pague com um cartão novo e marque "Salvar este cartão".</Trans>
            )}
          </Notice>
        ) : (
          <RadioGroup
            legend={t`Seus cartões`}
            options={savedCards.map((c) => ({
              value: c.id,
              label: `${c.brand.toUpperCase()} •••• ${c.last4} — ${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`,
            }))}
            error={err(errors.card_id)}
            {...register('card_id')}
          />
        )
      ) : null}
      {method === 'gift_card' ? (
        <TextField
          label={t`Código do gift card`}
          placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
          autoComplete="off"
          spellCheck={false}
          required
          error={err(errors.code)}
          {...register('code')}
        />
      ) : null}
      {method === 'pix' ? (
        <p>
          <Trans>Ao confirmar, mostramos o QR Code e o código copia e cola. A confirmação aparece aqui sozinha.</Trans>
        </p>
      ) : null}
      {method === 'paypal' ? (
        <p>
          <Trans>Você vai para o PayPal aprovar o pagamento e volta para cá.</Trans>
        </p>
      ) : null}
      {method === 'wallet' && signedIn ? (
        walletBalance === null ? (
          <p>
            <Trans>Carregando seu saldo…</Trans>
          </p>
        ) : (
          <p>
            <Trans>Saldo disponível: {formatMoney(walletBalance)}. Usamos primeiro os créditos que vencem antes.</Trans>
          </p>
        )
      ) : null}
      <FormActions>
        <Button type="submit" loading={busy} variant="accent">
          {submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
