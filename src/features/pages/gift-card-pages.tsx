import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass, Notice } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

export function GiftCardLandingPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Gift card`}
      title={t`Dê de presente a vontade de ajudar`}
      lead={t`Com o gift card Semear, quem recebe escolhe a causa que quer apoiar. O crédito vale por 6 meses a partir da compra.`}
    >
      <div className={s.actions}>
        <Link to="/gift-card/definition" className={buttonClass({ variant: 'accent', size: 'lg' })}>
          <Trans>Montar meu gift card</Trans>
        </Link>
        <Link to="/gift-card/definition_corporate" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          <Trans>Gift cards para empresas</Trans>
        </Link>
      </div>
    </PlaceholderPage>
  );
}

export function GiftCardDefinitionPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Gift card`}
      title={t`Monte seu gift card`}
      lead={t`Escolha o valor (a partir de R$ 30,00), a quantidade, a mensagem e o modelo, diga para quem enviar e veja a prévia antes de pagar.`}
    />
  );
}

export function GiftCardCorporateDefinitionPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Gift card corporativo`}
      title={t`Gift cards para a sua empresa`}
      lead={t`Compre em lote para a equipe ou para clientes e envie a lista de recebedores por planilha. Em pedidos de 100 cartões, o gift card leva o logo da sua empresa.`}
    />
  );
}

export function GiftCardCheckoutPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Gift card`}
      title={t`Pagamento do gift card`}
      lead={t`Contato, pagamento e endereço, com o resumo do pedido sempre à vista.`}
    />
  );
}

export function GiftCardCorporateCheckoutPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Gift card corporativo`}
      title={t`Pagamento do pedido corporativo`}
      lead={t`Dados da empresa, pagamento e endereço de cobrança. Os códigos ficam disponíveis para baixar depois da confirmação.`}
    />
  );
}

export function GiftCardThanksPage({ type }: { type?: string }) {
  const { t } = useLingui();
  const corporate = type === 'corporate' || type === 'corporativo';
  return (
    <PlaceholderPage
      title={t`Obrigado! Seu gift card está a caminho`}
      lead={
        corporate
          ? t`Os códigos do seu pedido foram enviados por e-mail e podem ser baixados de novo a qualquer momento.`
          : t`Enviamos o gift card por e-mail. Quem receber escolhe a causa e tem 6 meses para usar o crédito.`
      }
    >
      <Notice>
        <Trans>Quer semear mais? Conheça as campanhas que precisam de ajuda agora.</Trans>{' '}
        <Link to="/search">
          <Trans>Ver campanhas</Trans>
        </Link>
      </Notice>
    </PlaceholderPage>
  );
}
