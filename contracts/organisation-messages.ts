/**
 * Messages of the organisation's legal data and the DPO's page (docs/privacy.md, "Organização" and "DPO"):
 * only the admin pages show them, so they load with the admin catalog scope (src/app/i18n/scopes.ts).
 */
export const organisationMessages = {
  deductionTitleInvalid: /*i18n*/ {
    id: 'validation.organisation.deduction_title_invalid',
    message: 'Escolha o título: nenhum, OSCIP ou utilidade pública.',
  },
  deductionTitleNumberRequired: /*i18n*/ {
    id: 'validation.organisation.deduction_title_number_required',
    message: 'Informe o número do título (da qualificação como OSCIP ou do título de utilidade pública).',
  },
  deductionTitleDateRequired: /*i18n*/ {
    id: 'validation.organisation.deduction_title_date_required',
    message: 'Informe a data do título.',
  },
  deductionTitleDateInvalid: /*i18n*/ {
    id: 'validation.organisation.deduction_title_date_invalid',
    message: 'Data inválida: use uma data real, que não esteja no futuro.',
  },
} as const;
