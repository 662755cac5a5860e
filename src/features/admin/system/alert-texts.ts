import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { SystemAlert } from '../../../../contracts/admin-system';
import { formatDate, formatMoney } from '../../../app';

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An alert's kind and what it says, in plain words (the server keeps only figures: docs/admin.md, "Sistema"). */
export function alertTexts(alert: SystemAlert, i18n: I18n): { title: string; details: string } {
  const d = alert.details;
  const subject = alert.subject;
  switch (alert.kind) {
    case 'ledger_unbalanced': {
      const groups = Array.isArray(d.groups) ? d.groups.length : 0;
      return {
        title: i18n._(msg`O razão não fecha`),
        details: i18n._(
          msg`A soma de todos os lançamentos é ${formatMoney(num(d.total_cents))} (deveria ser zero); grupos que não somam zero: ${groups}.`,
        ),
      };
    }
    case 'provider_errors': {
      const errors = num(d.errors);
      const calls = num(d.calls);
      return {
        title: i18n._(msg`Erros no provedor ${subject}`),
        details: i18n._(msg`${errors} falhas em ${calls} chamadas nos últimos 5 minutos.`),
      };
    }
    case 'queue_stuck': {
      const minutes = Math.floor(num(d.oldest_due_age_s) / 60);
      const depth = num(d.depth);
      return {
        title: i18n._(msg`Fila ${subject} parada`),
        details: i18n._(msg`O item mais antigo espera há ${minutes} minutos; ${depth} na fila.`),
      };
    }
    case 'backup_missing': {
      const error = text(d.error) || '—';
      return d.reason === 'failed'
        ? { title: i18n._(msg`O último backup falhou`), details: error }
        : { title: i18n._(msg`Sem backup recente`), details: i18n._(msg`Nenhum backup deu certo nas últimas 26 horas.`) };
    }
    case 'certificate_expiring': {
      const date = formatDate(text(d.valid_to));
      const days = num(d.days_left);
      return {
        title: i18n._(msg`Certificado da API Pix vencendo`),
        details: i18n._(msg`Vence em ${date} (faltam ${days} dias): peça um novo ao banco.`),
      };
    }
    case 'webhook_signatures': {
      const failures = num(d.failures);
      return {
        title: i18n._(msg`Avisos de pagamento com assinatura inválida`),
        details: i18n._(msg`${failures} avisos em nome de ${subject} nos últimos 5 minutos.`),
      };
    }
  }
}
