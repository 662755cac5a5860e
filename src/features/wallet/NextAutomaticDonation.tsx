import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NextAutomaticDonation as Next } from '../../../contracts';
import { formatDate, formatMoney } from '../../app/format';
import { reasonLabels } from './wallet-labels';
import * as s from './wallet.css';

/** docs/design.md §6: in one sentence, how much unused credit goes where and when; then why. */
export function NextAutomaticDonation({ next }: { next: Next | null }) {
  const { i18n } = useLingui();
  if (!next) {
    return (
      <p className={s.nextDonation}>
        <Trans>Nenhuma doação automática prevista: você não tem créditos para vencer.</Trans>
      </p>
    );
  }
  const date = formatDate(next.date);
  const amount = formatMoney(next.amount);
  const campaign = next.campaign;
  return (
    <>
      <p className={s.nextDonation}>
        {campaign ? (
          <Trans>
            Em {date}, os {amount} que você não usar até lá vão para{' '}
            <Link to="/$slug" params={{ slug: campaign.slug }}>
              {campaign.title}
            </Link>
            .
          </Trans>
        ) : (
          <Trans>
            Em {date}, os {amount} que você não usar até lá vão para o fundo geral do Semear.
          </Trans>
        )}
      </p>
      <p className={s.muted}>{i18n._(reasonLabels[next.reason])}</p>
    </>
  );
}
