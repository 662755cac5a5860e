import { useLingui } from '@lingui/react/macro';
import { stepOfField, type CheckoutStep, type FieldIssue } from '../../../machines/checkout/checkout.machine';
import type { GivingFrequency } from './frequency';

/** The fields a refused request named (machine `failure.fields`), as the screen shows them. */

/** A step's refused fields, keyed by the form's field name ('contact.cpf' → 'cpf'). */
export function fieldErrorsOf(fields: readonly FieldIssue[], step: CheckoutStep): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of fields) {
    if (stepOfField(field) !== step) continue;
    const name = field === 'message' ? 'message' : field.split('.').slice(1).join('.') || field;
    errors[name] ??= message;
  }
  return errors;
}

/** "Valor da doação, CPF": the refused fields by their labels (a field without one: its step's name). */
export function useRefusedNames(
  refused: readonly FieldIssue[],
  frequency: GivingFrequency,
  stepNames: Record<CheckoutStep, string>,
): string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    amount: frequency === 'monthly' ? t`Valor mensal da doação` : t`Valor da doação`,
    'contact.name': t`Nome completo`,
    'contact.corporate_name': t`Razão social`,
    'contact.contact_name': t`Nome do responsável`,
    'contact.email': t`E-mail`,
    'contact.cpf': t`CPF`,
    'contact.cnpj': t`CNPJ`,
    'contact.telephone': t`Telefone`,
    message: t`Mensagem para a campanha (opcional)`,
    'address.country': t`País`,
    'address.zip_code': t`CEP`,
    'address.state': t`Estado`,
    'address.city': t`Cidade`,
    'address.street_address': t`Rua`,
    'address.house_number': t`Número`,
  };
  return [
    ...new Set(
      refused
        .map((f) => labels[f.field] ?? (stepOfField(f.field) ? stepNames[stepOfField(f.field)!] : null))
        .filter((n): n is string => !!n),
    ),
  ].join(', ');
}
