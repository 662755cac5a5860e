import { useLingui } from '@lingui/react/macro';
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
