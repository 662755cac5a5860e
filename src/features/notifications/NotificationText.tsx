import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Notification } from '../../../contracts';
import { formatDate, formatMoney } from '../../app/format';
import { factsOf } from './notification-metadata';
import * as s from './notifications.css';

function CampaignLink({ campaign }: { campaign: { slug: string; title: string } }) {
  return (
    <Link to="/$slug" params={{ slug: campaign.slug }} className={s.link}>
      {campaign.title}
    </Link>
  );
}

/** What happened, in one sentence, by type (docs/spec.md §4, §7; docs/brand.md voice). */
export function NotificationText({ notification }: { notification: Notification }) {
  const facts = factsOf(notification);
  const amount = facts.amount === null ? '' : formatMoney(facts.amount);
  const date = facts.expiresAt ? formatDate(facts.expiresAt) : '';
  switch (notification.type) {
    case 'donations':
      return facts.campaign ? (
        <Trans>
          Sua doação de {amount} para <CampaignLink campaign={facts.campaign} /> foi confirmada.
        </Trans>
      ) : (
        <Trans>Sua doação de {amount} para o fundo geral foi confirmada.</Trans>
      );
    case 'monthly_charge_succeeded':
      return date ? (
        <Trans>
          Sua doação mensal de {amount} foi cobrada. O crédito está na sua carteira até {date}.
        </Trans>
      ) : (
        <Trans>Sua doação mensal de {amount} foi cobrada. O crédito já está na sua carteira.</Trans>
      );
    case 'monthly_charge_failed': {
      if (facts.canceled)
        return (
          <Trans>Não conseguimos cobrar sua doação mensal de {amount} e ela foi cancelada. Você pode assinar de novo quando quiser.</Trans>
        );
      const retry = facts.retryAt ? formatDate(facts.retryAt) : '';
      return retry ? (
        <Trans>
          Não conseguimos cobrar sua doação mensal de {amount}. Vamos tentar de novo em {retry}; confira seu cartão.
        </Trans>
      ) : (
        <Trans>Não conseguimos cobrar sua doação mensal de {amount}. Confira seu cartão.</Trans>
      );
    }
    case 'automatic_donation':
      if (facts.fromGiftCard) {
        return facts.campaign ? (
          <Trans>
            O saldo de {amount} do seu gift card venceu e foi doado para <CampaignLink campaign={facts.campaign} />.
          </Trans>
        ) : (
          <Trans>O saldo de {amount} do seu gift card venceu e foi doado para o fundo geral.</Trans>
        );
      }
      return facts.campaign ? (
        <Trans>
          Doamos automaticamente {amount} do seu crédito não usado para <CampaignLink campaign={facts.campaign} />.
        </Trans>
      ) : (
        <Trans>Doamos automaticamente {amount} do seu crédito não usado para o fundo geral.</Trans>
      );
    case 'gift_card_received': {
      const from = facts.from ?? '';
      if (facts.from && date)
        return (
          <Trans>
            {from} enviou para você um gift card de {amount}. Ele vale até {date}.
          </Trans>
        );
      if (facts.from)
        return (
          <Trans>
            {from} enviou para você um gift card de {amount}.
          </Trans>
        );
      if (date)
        return (
          <Trans>
            Você recebeu um gift card de {amount}. Ele vale até {date}.
          </Trans>
        );
      return <Trans>Você recebeu um gift card de {amount}.</Trans>;
    }
    case 'credit_expiring':
      return facts.campaign ? (
        <Trans>
          {amount} do seu crédito vence em {date} e será doado para <CampaignLink campaign={facts.campaign} />. Você pode{' '}
          <Link to="/profile/wallet" className={s.link}>
            escolher outra causa
          </Link>
          .
        </Trans>
      ) : (
        <Trans>
          {amount} do seu crédito vence em {date} e será doado para o fundo geral. Você pode{' '}
          <Link to="/profile/wallet" className={s.link}>
            escolher uma causa
          </Link>
          .
        </Trans>
      );
    case 'yearly_statement': {
      const year = facts.year === null ? '' : String(facts.year);
      return (
        <Trans id="notifications.text.yearly_statement">
          Em {year} você doou {amount}. O comprovante do ano está em{' '}
          <Link to="/profile" hash={`comprovantes-${year}`} className={s.link}>
            Comprovantes
          </Link>
          .
        </Trans>
      );
    }
  }
}
