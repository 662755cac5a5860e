import { useForm, type Resolver } from 'react-hook-form';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactSchema, DONATION_MESSAGE_MAX, type ContactInput } from '../../../contracts';
import { Button, Checkbox, Form, FormActions, FormRow, RadioGroup, TextArea, TextField } from '../../ui';
import { masked } from '../../app/forms/masked';
import { maskCnpj, maskCpf, maskPhone } from '../../app/forms/masks';
import type { GivingFrequency } from './frequency';
import { resolveWith, useRefusedFields } from './form-errors';
import { givingMessages } from '../../../contracts/giving-messages';

export interface ContactValues {
  person: 'person' | 'company';
  foreigner: boolean;
  name: string;
  corporate_name: string;
  contact_name: string;
  email: string;
  cpf: string;
  cnpj: string;
  telephone: string;
  is_anonymous: boolean;
  message: string;
}

export interface ContactSubmission {
  contact: ContactInput;
  message: string;
  is_anonymous: boolean;
}

const toContact = (v: ContactValues): ContactInput => ({
  is_company: v.person === 'company',
  foreigner: v.foreigner,
  name: v.name,
  corporate_name: v.corporate_name,
  contact_name: v.contact_name,
  email: v.email,
  contact_email: '',
  cpf: v.cpf,
  cnpj: v.cnpj,
  telephone: v.telephone,
});

// The contract decides every contact field; the message limit is the request's.
const resolver: Resolver<ContactValues> = async (values) => {
  const issues = [...(contactSchema.safeParse(toContact(values)).error?.issues ?? [])];
  if (values.message.length > DONATION_MESSAGE_MAX)
    issues.push({ code: 'custom', path: ['message'], message: givingMessages.messageTooLong.id, input: values.message });
  return resolveWith(values, issues);
};

interface Props {
  contact: ContactInput;
  message: string;
  isAnonymous: boolean;
  /** false (/doacao-pix): no foreigner option; people abroad are sent to PayPal on a campaign page. */
  allowForeigner?: boolean;
  /** A corporate gift-card order: the company's details only (no person, no foreigner). */
  companyOnly?: boolean;
  /** 'monthly': no anonymous flag, message or PIX note (the credit goes to the donor's wallet). */
  frequency?: GivingFrequency;
  busy: boolean;
  /** Fields the last request was refused for, by form field name (message ids). */
  fieldErrors?: Record<string, string>;
  onSubmit: (s: ContactSubmission) => void;
}

const contactFields = ['name', 'corporate_name', 'contact_name', 'email', 'cpf', 'cnpj', 'telephone', 'message'] as const;

/** Contact (docs/spec.md §3, §5): person or company, document, e-mail, phone, anonymous and foreigner flags, a message. */
export function ContactStep({
  contact,
  message,
  isAnonymous,
  allowForeigner = true,
  companyOnly = false,
  frequency = 'once',
  busy,
  fieldErrors,
  onSubmit,
}: Props) {
  const { t, i18n } = useLingui();
  const foreignerAtStart = allowForeigner && contact.foreigner === true;
  const { register, handleSubmit, watch, setError, formState } = useForm<ContactValues>({
    resolver,
    defaultValues: {
      person: contact.is_company ? 'company' : 'person',
      foreigner: foreignerAtStart,
      name: contact.name ?? '',
      corporate_name: contact.corporate_name ?? '',
      contact_name: contact.contact_name ?? '',
      email: contact.email ?? '',
      // Prefilled (profile, saved progress) the way typed ones look: the masks only run on typing.
      cpf: maskCpf(contact.cpf ?? ''),
      cnpj: maskCnpj(contact.cnpj ?? ''),
      telephone: foreignerAtStart ? (contact.telephone ?? '') : maskPhone(contact.telephone ?? ''),
      is_anonymous: isAnonymous,
      message,
    },
  });
  useRefusedFields(setError, fieldErrors, contactFields);
  const errors = formState.errors;
  const err = (e: { message?: string } | undefined) => (e?.message ? i18n._(e.message) : undefined);
  const isCompany = watch('person') === 'company';
  const foreigner = watch('foreigner');
  const messageLength = (watch('message') ?? '').length;
  // A subscription is nobody's entry in a campaign's donor list or messages; PIX is not offered with it.
  const oneTime = frequency === 'once';

  return (
    <Form
      aria-label={t`Seus dados`}
      onSubmit={handleSubmit((v) =>
        onSubmit({ contact: toContact(v), message: oneTime ? v.message : '', is_anonymous: oneTime && v.is_anonymous }),
      )}
    >
      {companyOnly ? (
        <p>
          <Trans>O pedido é feito em nome da empresa, com o CNPJ dela.</Trans>
        </p>
      ) : (
        <RadioGroup
          // A gift card is bought, not given: its buyer gives when a recipient picks a cause.
          legend={frequency === 'gift_card' ? t`Você compra como` : t`Você doa como`}
          options={[
            { value: 'person', label: t`Pessoa física` },
            { value: 'company', label: t`Empresa` },
          ]}
          {...register('person')}
        />
      )}
      {companyOnly ? null : allowForeigner ? (
        <Checkbox label={t`Sou estrangeiro / I live outside Brazil`} {...register('foreigner')} />
      ) : oneTime ? (
        <p>
          <Trans>
            Mora fora do Brasil? O PIX precisa de uma conta no Brasil: <Link to="/search">escolha uma campanha</Link> e doe por PayPal na
            página dela.
          </Trans>
        </p>
      ) : null}
      {isCompany ? (
        <>
          <TextField
            key="corporate_name"
            label={t`Razão social`}
            autoComplete="organization"
            required
            error={err(errors.corporate_name)}
            {...register('corporate_name')}
          />
          {foreigner ? null : (
            <TextField
              key="cnpj"
              label={t`CNPJ`}
              placeholder="00.000.000/0000-00"
              autoCapitalize="characters"
              required
              error={err(errors.cnpj)}
              {...masked(register('cnpj'), maskCnpj)}
            />
          )}
          <TextField
            key="contact_name"
            label={t`Nome do responsável`}
            autoComplete="name"
            required
            error={err(errors.contact_name)}
            {...register('contact_name')}
          />
        </>
      ) : (
        <>
          <TextField key="name" label={t`Nome completo`} autoComplete="name" required error={err(errors.name)} {...register('name')} />
          {foreigner ? null : (
            <TextField
              key="cpf"
              label={t`CPF`}
              placeholder="000.000.000-00"
              inputMode="numeric"
              required
              error={err(errors.cpf)}
              {...masked(register('cpf'), maskCpf)}
            />
          )}
        </>
      )}
      <FormRow>
        <TextField label={t`E-mail`} type="email" autoComplete="email" required error={err(errors.email)} {...register('email')} />
        {foreigner ? (
          <TextField
            key="intl-phone"
            label={t`Telefone`}
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 123 4567"
            required
            error={err(errors.telephone)}
            {...register('telephone')}
          />
        ) : (
          <TextField
            key="phone"
            label={t`Telefone`}
            type="tel"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            required
            error={err(errors.telephone)}
            {...masked(register('telephone'), maskPhone)}
          />
        )}
      </FormRow>
      {oneTime ? (
        <>
          <Checkbox
            label={t`Doar anonimamente`}
            hint={t`Seu nome não aparece na lista de doadores; o valor conta no total.`}
            {...register('is_anonymous')}
          />
          <TextArea
            label={t`Mensagem para a campanha (opcional)`}
            hint={t`${messageLength} de ${DONATION_MESSAGE_MAX} caracteres`}
            rows={3}
            error={err(errors.message)}
            {...register('message')}
          />
        </>
      ) : null}
      <FormActions>
        <Button type="submit" loading={busy}>
          <Trans>Continuar</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
