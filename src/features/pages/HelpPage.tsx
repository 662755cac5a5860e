import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Stack } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

function Question({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <details className={s.faq}>
      <summary className={s.faqQuestion}>{question}</summary>
      <div className={s.faqAnswer}>{children}</div>
    </details>
  );
}

export function HelpPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Ajuda`}
      title={t`Como podemos ajudar?`}
      lead={t`Respostas rápidas sobre doações, pagamentos, gift cards e a sua conta.`}
    >
      <Stack gap="2" className={s.prose}>
        <h2>
          <Trans>Doações</Trans>
        </h2>
        <Question question={t`Como faço uma doação?`}>
          <p>
            <Trans>
              Escolha uma campanha, toque em “Doar agora”, informe o valor e siga os passos: contato, pagamento e endereço. O recibo chega
              no seu e-mail assim que o pagamento é confirmado.
            </Trans>
          </p>
        </Question>
        <Question question={t`Quais formas de pagamento vocês aceitam?`}>
          <p>
            <Trans>Cartão de crédito, PIX, gift card e o saldo da sua carteira Semear. Quem mora fora do Brasil doa com PayPal.</Trans>
          </p>
        </Question>
        <Question question={t`Preciso ter conta para doar?`}>
          <p>
            <Trans>
              Não. Você pode doar como visitante. Com uma conta, você acompanha suas contribuições, guarda cartões e usa o saldo da
              carteira.
            </Trans>
          </p>
        </Question>
        <Question question={t`Posso doar sem aparecer na lista de doadores?`}>
          <p>
            <Trans>Sim. Marque a opção de doação anônima no passo de contato: seu nome não aparece na página da campanha.</Trans>
          </p>
        </Question>

        <h2>
          <Trans>Doação mensal</Trans>
        </h2>
        <Question question={t`Como funciona a doação mensal?`}>
          <p>
            <Trans>
              Você escolhe um valor e ele vira crédito na sua carteira todo mês, para doar às campanhas que quiser. A cobrança mensal não
              ocupa o limite do seu cartão.
            </Trans>
          </p>
        </Question>
        <Question question={t`E se eu não usar o crédito do mês?`}>
          <p>
            <Trans>
              O crédito que sobrar é doado automaticamente para a causa com que você mais se importa. Na sua carteira você vê com
              antecedência para onde ele vai e quando.
            </Trans>
          </p>
        </Question>

        <h2>
          <Trans>Gift cards</Trans>
        </h2>
        <Question question={t`Por quanto tempo o gift card vale?`}>
          <p>
            <Trans>Seis meses a partir da compra. O valor mínimo é R$ 30,00, em reais inteiros.</Trans>
          </p>
        </Question>
        <Question question={t`Como uso um gift card que recebi?`}>
          <p>
            <Trans>
              Use o código para pagar uma doação direto no checkout, mesmo sem conta, ou entre na sua conta e resgate o código para a
              carteira.
            </Trans>
          </p>
        </Question>
        <Question question={t`Posso comprar gift cards para a minha empresa?`}>
          <p>
            <Trans>Sim. No gift card corporativo você compra em lote e envia a lista de recebedores por planilha (csv, xls ou xlsx).</Trans>
          </p>
        </Question>

        <h2>
          <Trans>Sua conta</Trans>
        </h2>
        <Question question={t`Esqueci minha senha. E agora?`}>
          <p>
            <Trans>
              Vá em <Link to="/reset-password">Redefinir senha</Link>, informe seu e-mail e siga o link que enviaremos. O link vale por uma
              hora.
            </Trans>
          </p>
        </Question>
        <Question question={t`Onde vejo os recibos das minhas doações?`}>
          <p>
            <Trans>Em Perfil, na aba Contribuições, com o recibo de cada doação.</Trans>
          </p>
        </Question>
      </Stack>
    </PlaceholderPage>
  );
}
