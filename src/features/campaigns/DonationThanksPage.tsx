import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatMoney, useAuth, usePageTitle } from '../../app';
import { buttonClass, Card, Container, PageHeader, Stack } from '../../ui';
import { ShareButtons } from './ShareButtons';
import { absoluteUrl } from './share-links';
import * as s from './campaigns.css';

/**
 * /doacao-confirmacao/agradecimento?amount=<reais>&campaign=<slug>: thanks (with the amount when the
 * URL has it), an invitation to share (the campaign when known, else Semear), and for visitors the
 * sign-up prompt ('Faça seu cadastro' / 'Entrar agora').
 */
export function DonationThanksPage({ amount, campaign }: { amount?: number; campaign?: string }) {
  const { t } = useLingui();
  const { isSignedIn } = useAuth();
  usePageTitle(t`Recebemos sua doação!`);
  // Amounts in the URL are reais; formatMoney takes cents.
  const value = amount !== undefined ? formatMoney(Math.round(amount * 100)) : undefined;
  const shareUrl = absoluteUrl(campaign ? `/${campaign}` : '/');
  return (
    <Container narrow>
      <Stack gap="6">
        <PageHeader
          title={t`Recebemos sua doação!`}
          lead={
            value
              ? t`Sua doação de ${value} já está a caminho da campanha. O recibo foi enviado para o seu e-mail.`
              : t`Sua doação já está a caminho da campanha. O recibo foi enviado para o seu e-mail.`
          }
        />
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
      </Stack>
    </Container>
  );
}
