import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Notice } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';

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
