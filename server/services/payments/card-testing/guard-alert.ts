import { eq } from 'drizzle-orm';
import type { MessageDescriptor } from '../../../../contracts/messages';
import type { Config } from '../../../config';
import { campaigns } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import type { Translator } from '../../../i18n/translator';
import { mailAdmins, teamText } from '../../admin/admin-recipients';

/** Texts of the admins' card-testing alert; `lingui extract` collects them through the i18n markers. */
export const cardTestingAlertMessages = {
  subject: /*i18n*/ { id: 'mail.card_testing.subject', message: 'Teste de cartões na campanha {campaign}' },
  declines: /*i18n*/ {
    id: 'mail.card_testing.declines',
    message:
      'A campanha {campaign} recebeu mais de {limit} pagamentos com cartão recusados em um minuto: alguém parece estar testando cartões roubados nela.',
  },
  fingerprint: /*i18n*/ {
    id: 'mail.card_testing.fingerprint',
    message:
      'Um mesmo cartão foi recusado em várias campanhas em pouco tempo, entre elas {campaign}: alguém parece estar testando cartões roubados.',
  },
  challenged: /*i18n*/ {
    id: 'mail.card_testing.challenged',
    message:
      'Até {until} (e enquanto as recusas continuarem), quem pagar com um cartão novo nesta campanha precisa passar por uma verificação anti-robô. PIX e cartões salvos de doadores conectados seguem como antes.',
  },
  slowed: /*i18n*/ {
    id: 'mail.card_testing.slowed',
    message:
      'Até {until} (e enquanto as recusas continuarem), esta campanha aceita só uma tentativa com cartão novo a cada {seconds} segundos; as outras são recusadas antes de chegar ao meio de pagamento. PIX e cartões salvos de doadores conectados seguem como antes. Configure CARD_CHALLENGE_PROVIDER para pedir uma verificação em vez disso.',
  },
  link: /*i18n*/ { id: 'mail.card_testing.link', message: 'Veja as doações recusadas: {url}' },
  generalFund: /*i18n*/ { id: 'mail.card_testing.general_fund', message: 'o fundo geral' },
} satisfies Record<string, MessageDescriptor>;

/**
 * Tells every admin who may see the money (MANAGE_FINANCES) that a campaign is under card testing, in the
 * transaction that opens its guard: once per burst, however many declines follow. In Portuguese, like
 * every alert to the team.
 */
export async function alertCardTesting(
  tx: Executor,
  deps: { translator: Translator; config: Pick<Config, 'publicUrl' | 'cardTesting'> },
  input: { campaignKey: string; reason: 'declines' | 'fingerprint'; guardedUntil: Date },
  now: Date,
): Promise<void> {
  const t = teamText(deps.translator);
  const [campaign] = input.campaignKey
    ? await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, input.campaignKey))
    : [];
  const name = campaign?.title ?? t(cardTestingAlertMessages.generalFund);
  const settings = deps.config.cardTesting;
  const until = input.guardedUntil.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
  const paragraphs = [
    input.reason === 'declines'
      ? t(cardTestingAlertMessages.declines, { campaign: name, limit: settings.declinesPerMinute })
      : t(cardTestingAlertMessages.fingerprint, { campaign: name }),
    settings.challenge
      ? t(cardTestingAlertMessages.challenged, { until })
      : t(cardTestingAlertMessages.slowed, { until, seconds: settings.slowIntervalMs / 1000 }),
    t(cardTestingAlertMessages.link, { url: `${deps.config.publicUrl}/admin/donations` }),
  ];
  await mailAdmins(
    tx,
    deps.translator,
    ['MANAGE_FINANCES'],
    { subject: t(cardTestingAlertMessages.subject, { campaign: name }), paragraphs },
    now,
  );
}
