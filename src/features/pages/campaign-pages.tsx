import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../app';
import { buttonClass, Notice } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

/** 'cozinha-solidaria-recife' → 'Cozinha solidaria recife' until the campaign itself loads. */
const titleOf = (slug: string): string => {
  const words = slug.replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function CampaignTabs({ slug }: { slug: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Seções da campanha`}>
      <ul className={s.tabs}>
        <li>
          <Link to="/$slug" params={{ slug }} className={s.tab} activeOptions={{ exact: true }}>
            <Trans>Campanha</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$slug/messages" params={{ slug }} className={s.tab}>
            <Trans>Mensagens</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$slug/doadores" params={{ slug }} className={s.tab}>
            <Trans>Doadores</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export function CampaignPage({ slug }: { slug: string }) {
  const { t } = useLingui();
  return (
    <PlaceholderPage eyebrow={t`Campanha`} title={titleOf(slug)} lead={t`A história, a meta e quem já doou para esta campanha.`}>
      <CampaignTabs slug={slug} />
      <div className={s.actions}>
        <Link to="/$slug/donate" params={{ slug }} className={buttonClass({ variant: 'accent', size: 'lg' })}>
          <Trans>Doar agora</Trans>
        </Link>
      </div>
    </PlaceholderPage>
  );
}

export function CampaignDonatePage({ slug, amount, failed }: { slug: string; amount?: number; failed: boolean }) {
  const { t } = useLingui();
  const name = titleOf(slug);
  return (
    <PlaceholderPage
      eyebrow={t`Doação`}
      title={t`Doar para ${name}`}
      lead={t`Contato, pagamento e endereço, com o valor sempre à vista. Aceitamos cartão, PIX, PayPal, gift card e saldo da carteira.`}
    >
      {failed ? (
        <Notice tone="error">
          <Trans>O pagamento não foi concluído. Confira os dados e tente de novo.</Trans>
        </Notice>
      ) : null}
      {amount !== undefined ? <p className={s.amount}>{formatMoney(Math.round(amount * 100))}</p> : null}
    </PlaceholderPage>
  );
}

export function CampaignMessagesPage({ slug }: { slug: string }) {
  const { t } = useLingui();
  return (
    <PlaceholderPage eyebrow={titleOf(slug)} title={t`Mensagens de apoio`} lead={t`O que as pessoas escreveram ao doar para esta campanha.`}>
      <CampaignTabs slug={slug} />
    </PlaceholderPage>
  );
}

export function CampaignDonorsPage({ slug }: { slug: string }) {
  const { t } = useLingui();
  return (
    <PlaceholderPage eyebrow={titleOf(slug)} title={t`Quem já doou`} lead={t`A lista de doadores desta campanha (doações anônimas aparecem sem nome).`}>
      <CampaignTabs slug={slug} />
    </PlaceholderPage>
  );
}
