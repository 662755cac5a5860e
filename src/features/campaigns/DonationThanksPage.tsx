import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { DonationResult } from '../../../contracts';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import { formatDate, formatMoney, useAuth, usePageTitle } from '../../app';
import { buttonClass, Card, Container, PageHeader, Stack } from '../../ui';
import { ShareButtons } from './ShareButtons';
import { GuestDataDeletion } from './GuestDataDeletion';
import { GuestStatement } from './GuestStatement';
import { saoPauloDateOf } from '../../../contracts/sao-paulo-time';
import { receiptFor } from '../../lib/receipts';
import { absoluteUrl } from './share-links';
import * as s from './campaigns.css';

/**
 * /doacao-confirmacao/agradecimento?donation=<id>&campaign=<slug>: thanks, with the amount only as the
 * API says it (`donation`, read by its donor or with this tab's receipt token; null: a neutral thanks,
 * whatever the URL claims), what is left on the gift card that paid it, an invitation to share (the
 * campaign when known, else Semear), and for visitors the sign-up prompt ('Faça seu cadastro' / 'Entrar agora').
 */
export function DonationThanksPage({ donation, campaign }: { donation: DonationResult | null; campaign?: string }) {
  const { t, i18n } = useLingui();
  const { isSignedIn } = useAuth();
  usePageTitle(t`Recebemos sua doação!`);
  const confirmed = donation?.donation.status === 'confirmed' ? donation : null;
  const inReview = donation?.payment.method === 'card' && donation.payment.status === 'pending';
  const value = confirmed ? formatMoney(confirmed.donation.amount) : undefined;
  const slug = donation?.donation.campaign?.slug ?? campaign;
  const shareUrl = absoluteUrl(slug ? `/${slug}` : '/');
  const giftCard = confirmed?.gift_card;
  // A guest's own receipt (this tab's token): they may ask for their data to be erased (docs/privacy.md).
  const receiptToken = !isSignedIn && confirmed ? receiptFor(confirmed.donation.id) : null;
  const guestReceipt = receiptToken && confirmed ? { donationId: confirmed.donation.id, token: receiptToken } : null;
  return (
    <Container narrow>
      <Stack gap="6">
        <PageHeader
          title={t`Recebemos sua doação!`}
          lead={
            inReview
              ? i18n._(gm.cardPaymentInReview)
              : value
                ? t`Sua doação de ${value} já está a caminho da campanha. O recibo foi enviado para o seu e-mail.`
                : t`Sua doação já está a caminho da campanha. O recibo foi enviado para o seu e-mail.`
          }
        />
        {giftCard ? <GiftCardLeft balance={giftCard.balance} expiresAt={giftCard.expires_at} /> : null}
        <Card>
          <Stack gap="3">
            <h2 className={s.amountLegend}>
              <Trans>Chame mais gente para ajudar</Trans>
            </h2>
            <p className={s.meta}>
              <Trans>Compartilhe a campanha com quem você gosta: cada doação ajuda a chegar mais perto da meta.</Trans>
            </p>
            <ShareButtons
              url={shareUrl}
              text={t`Acabei de doar pela Semear. Doe você também:`}
              subject={t`Doe você também pela Semear`}
              label={t`Compartilhar`}
            />
          </Stack>
        </Card>
        {isSignedIn ? (
          <div className={s.thanksActions}>
            <Link to="/profile/contributions" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Ver minhas doações</Trans>
            </Link>
            <Link to="/search" className={buttonClass({ variant: 'ghost' })}>
              <Trans>Ver outras campanhas</Trans>
            </Link>
          </div>
        ) : (
          <Card>
            <Stack gap="3">
              <h2 className={s.amountLegend}>
                <Trans>Acompanhe suas doações</Trans>
              </h2>
              <p className={s.meta}>
                <Trans>Com uma conta você vê seus recibos, guarda cartões com segurança e usa o saldo da carteira para doar.</Trans>
              </p>
              <div className={s.thanksActions}>
                <Link to="/signup" className={buttonClass({ variant: 'primary' })}>
                  <Trans>Faça seu cadastro</Trans>
                </Link>
                <Link to="/signin" className={buttonClass({ variant: 'secondary' })}>
                  <Trans>Entrar agora</Trans>
                </Link>
              </div>
            </Stack>
          </Card>
        )}
        {guestReceipt && confirmed?.donation.confirmed_at ? (
          <GuestStatement
            donationId={guestReceipt.donationId}
            receiptToken={guestReceipt.token}
            year={saoPauloDateOf(new Date(confirmed.donation.confirmed_at)).year}
          />
        ) : null}
        {guestReceipt ? <GuestDataDeletion donationId={guestReceipt.donationId} receiptToken={guestReceipt.token} /> : null}
      </Stack>
    </Container>
  );
}

/** What is left on the gift card that paid, after this donation, and until when it can be used. */
function GiftCardLeft({ balance, expiresAt }: { balance: number; expiresAt: string }) {
  const left = formatMoney(balance);
  const until = formatDate(expiresAt);
  return (
    <Card>
      <p className={s.meta} data-testid="gift-card-left">
        {balance > 0 ? (
          <Trans>
            Ainda restam {left} no seu gift card, para doar até {until}.
          </Trans>
        ) : (
          <Trans>Seu gift card foi usado por inteiro nesta doação.</Trans>
        )}
      </p>
    </Card>
  );
}
