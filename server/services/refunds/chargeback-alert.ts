import type { MessageDescriptor } from '../../../contracts/messages';
import type { Config } from '../../config';
import type { Executor } from '../../db/types';
import { formatBrlText } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import { mailAdmins, teamText } from '../admin/admin-recipients';

/** Texts of the admins' chargeback alert; `lingui extract` collects them through the i18n markers. */
export const chargebackAlertMessages = {
  subject: /*i18n*/ { id: 'mail.chargeback.subject', message: 'Contestação (chargeback) de {amount} numa doação' },
  body: /*i18n*/ {
    id: 'mail.chargeback.body',
    message:
      'O banco de {donor} contestou o pagamento de {amount} da doação para {campaign} e o meio de pagamento ({gateway}, referência {reference}) devolveu o dinheiro a ele. No Semear, a doação ficou como reembolsada e {refunded} saiu da causa; a taxa do meio de pagamento não volta.',
  },
  advice: /*i18n*/ {
    id: 'mail.chargeback.advice',
    message: 'Se a doação foi legítima, responda à contestação no painel do meio de pagamento dentro do prazo dele.',
  },
  link: /*i18n*/ { id: 'mail.chargeback.link', message: 'Veja o histórico da doação: {url}' },
  generalFund: /*i18n*/ { id: 'mail.chargeback.general_fund', message: 'o fundo geral' },
} satisfies Record<string, MessageDescriptor>;

export interface ChargebackAlertDeps {
  translator: Translator;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * Tells every admin who may see the money (MANAGE_FINANCES) that a donor's bank took a donation back, in
 * the transaction that reverses it on the ledger, so the mail goes out once with it. Written in Portuguese,
 * like every alert to the team (admins keep no language).
 */
export async function alertChargeback(
  tx: Executor,
  deps: ChargebackAlertDeps,
  input: {
    donationId: string;
    donor: string;
    amountCents: number;
    refundedCents: number;
    campaignTitle: string | null;
    gateway: string;
    gatewayRef: string | null;
  },
  now: Date,
): Promise<void> {
  const t = teamText(deps.translator);
  const amount = formatBrlText(input.amountCents);
  const body = t(chargebackAlertMessages.body, {
    donor: input.donor,
    amount,
    campaign: input.campaignTitle ?? t(chargebackAlertMessages.generalFund),
    gateway: input.gateway,
    reference: input.gatewayRef ?? '—',
    refunded: formatBrlText(input.refundedCents),
  });
  const url = `${deps.config.publicUrl}/admin/donations?donation=${input.donationId}`;
  const paragraphs = [body, t(chargebackAlertMessages.advice), t(chargebackAlertMessages.link, { url })];
  await mailAdmins(tx, deps.translator, ['MANAGE_FINANCES'], { subject: t(chargebackAlertMessages.subject, { amount }), paragraphs }, now);
}
