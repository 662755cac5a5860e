import type { SystemAlertKind } from '../../../contracts/admin-system';
import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { Executor } from '../../db/types';
import { formatBrlText, formatLongDate } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import { activeAdmins } from '../admin/admin-recipients';
import { enqueueMail } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';

/** Texts of the alert mail; `lingui extract` collects them through the i18n markers. */
export const alertMailMessages = {
  subject: /*i18n*/ { id: 'mail.system_alert.subject', message: 'Semear: alerta no sistema — {title}' },
  intro: /*i18n*/ {
    id: 'mail.system_alert.intro',
    message: 'A verificação automática do Semear encontrou um problema que precisa da equipe:',
  },
  action: /*i18n*/ {
    id: 'mail.system_alert.action',
    message: 'Veja os alertas abertos, as filas e o último backup na página Sistema: {url}',
  },
  once: /*i18n*/ {
    id: 'mail.system_alert.once',
    message: 'Este e-mail vai uma vez por alerta; se o problema voltar depois de resolvido, outro e-mail avisa.',
  },
  ledgerTitle: /*i18n*/ { id: 'mail.system_alert.ledger.title', message: 'o razão não fecha' },
  ledgerLine: /*i18n*/ {
    id: 'mail.system_alert.ledger.line',
    message:
      'O razão contábil não fecha: a soma de todos os lançamentos é {total} (deveria ser zero) e {groups, plural, =0 {nenhum grupo} one {# grupo} other {# grupos}} de lançamentos não {groups, plural, one {soma} other {somam}} zero.',
  },
  providerTitle: /*i18n*/ { id: 'mail.system_alert.provider.title', message: 'erros no provedor {subject}' },
  providerLine: /*i18n*/ {
    id: 'mail.system_alert.provider.line',
    message: 'O provedor de pagamento {subject} falhou {errors} vezes nos últimos 5 minutos, em {calls} chamadas.',
  },
  queueTitle: /*i18n*/ { id: 'mail.system_alert.queue.title', message: 'a fila {subject} está parada' },
  queueLine: /*i18n*/ {
    id: 'mail.system_alert.queue.line',
    message: 'A fila {subject} tem um item esperando há {minutes} minutos ({depth} na fila).',
  },
  backupTitle: /*i18n*/ { id: 'mail.system_alert.backup.title', message: 'backup do banco de dados' },
  backupFailedLine: /*i18n*/ { id: 'mail.system_alert.backup.failed', message: 'O último backup do banco de dados falhou: {error}' },
  backupStaleLine: /*i18n*/ {
    id: 'mail.system_alert.backup.stale',
    message: 'Nenhum backup do banco de dados deu certo nas últimas 26 horas.',
  },
  certificateTitle: /*i18n*/ { id: 'mail.system_alert.certificate.title', message: 'o certificado da API Pix vai vencer' },
  certificateLine: /*i18n*/ {
    id: 'mail.system_alert.certificate.line',
    message:
      'O certificado de cliente da API Pix vence em {date} (faltam {days} dias). Peça um novo ao banco e troque-o antes disso, ou o PIX para de funcionar.',
  },
  webhookTitle: /*i18n*/ { id: 'mail.system_alert.webhooks.title', message: 'avisos de pagamento com assinatura inválida' },
  webhookLine: /*i18n*/ {
    id: 'mail.system_alert.webhooks.line',
    message:
      '{failures} avisos de pagamento em nome do provedor {subject} chegaram com assinatura inválida nos últimos 5 minutos: alguém pode estar tentando forjá-los.',
  },
} satisfies Record<string, MessageDescriptor>;

export interface AlertFinding {
  subject: string;
  details: Record<string, unknown>;
}

type Words = (message: MessageDescriptor, values?: Record<string, string | number>) => string;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The alert's title (for the subject) and its sentence, in the reader's language. */
export function alertWords(t: Words, locale: Locale, kind: SystemAlertKind, finding: AlertFinding): { title: string; line: string } {
  const { subject, details: d } = finding;
  const m = alertMailMessages;
  switch (kind) {
    case 'ledger_unbalanced':
      return {
        title: t(m.ledgerTitle),
        line: t(m.ledgerLine, {
          total: formatBrlText(num(d.total_cents)),
          groups: Array.isArray(d.groups) ? d.groups.length : 0,
        }),
      };
    case 'provider_errors':
      return { title: t(m.providerTitle, { subject }), line: t(m.providerLine, { subject, errors: num(d.errors), calls: num(d.calls) }) };
    case 'queue_stuck':
      return {
        title: t(m.queueTitle, { subject }),
        line: t(m.queueLine, { subject, minutes: Math.floor(num(d.oldest_due_age_s) / 60), depth: num(d.depth) }),
      };
    case 'backup_missing':
      return {
        title: t(m.backupTitle),
        line: d.reason === 'failed' ? t(m.backupFailedLine, { error: text(d.error) || '—' }) : t(m.backupStaleLine),
      };
    case 'certificate_expiring':
      return {
        title: t(m.certificateTitle),
        line: t(m.certificateLine, { date: formatLongDate(new Date(text(d.valid_to)), locale), days: num(d.days_left) }),
      };
    case 'webhook_signatures':
      return { title: t(m.webhookTitle), line: t(m.webhookLine, { subject, failures: num(d.failures) }) };
  }
}

/** Queues the new alert's mail to every admin, each in their language, urgent; in the raising transaction. */
export async function mailAlert(
  tx: Executor,
  deps: { translator: Translator; publicUrl: string },
  kind: SystemAlertKind,
  finding: AlertFinding,
  now: Date,
): Promise<number> {
  // Whatever their permissions: the system is every admin's concern.
  const recipients = await activeAdmins(tx);
  for (const { email, locale } of recipients) {
    const t: Words = (message, values) => deps.translator.translate(locale, message, values);
    const { title, line } = alertWords(t, locale, kind, finding);
    const body = [
      t(alertMailMessages.intro),
      line,
      t(alertMailMessages.action, { url: `${deps.publicUrl}/admin/system` }),
      t(alertMailMessages.once),
      t(mailMessages.signature),
    ];
    await enqueueMail(
      tx,
      { to: email, subject: t(alertMailMessages.subject, { title }), text: `${body.join('\n\n')}\n`, urgent: true },
      now,
    );
  }
  return recipients.length;
}
