import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { GIFT_CARD_TEMPLATES, giftCardExpiry } from '../../../contracts';
import { usePageTitle } from '../../app/page-title';
import { buttonClass, Card, Container, PageHeader } from '../../ui';
import { GiftCardPreview } from './GiftCardPreview';
import { templateLooks } from './templates';
import * as s from './gifts.css';

function Question({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <details className={s.faqItem}>
      <summary className={s.faqQuestion}>{question}</summary>
      <div className={s.faqAnswer}>{children}</div>
    </details>
  );
}

/** /gift-card: how it works, the templates, validity and what happens to what is left, and the FAQ. */
export function GiftCardLandingPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Gift card`);
  const expiresAt = giftCardExpiry(new Date());
  return (
    <Container className={s.page}>
      <PageHeader
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
      </PageHeader>

      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={s.sectionTitle}>
          <Trans>Como funciona</Trans>
        </h2>
        <ol className={s.steps}>
          <li>
            <p className={s.stepNumber}>1</p>
            <Trans>Escolha o valor (a partir de R$ 30,00), quantos cartões, o modelo e escreva sua mensagem.</Trans>
          </li>
          <li>
            <p className={s.stepNumber}>2</p>
            <Trans>Diga para quem enviar: por e-mail agora, num dia e hora marcados, ou em PDF para imprimir e entregar.</Trans>
          </li>
          <li>
            <p className={s.stepNumber}>3</p>
            <Trans>Quem recebe usa o código para doar a qualquer campanha, de uma vez ou aos poucos, ou guarda o valor na carteira.</Trans>
          </li>
        </ol>
      </section>

      <section aria-labelledby="templates">
        <h2 id="templates" className={s.sectionTitle}>
          <Trans>Modelos</Trans>
        </h2>
        <ul className={s.gallery}>
          {GIFT_CARD_TEMPLATES.map((template) => (
            <li key={template}>
              <GiftCardPreview
                value={5_000}
                template={template}
                message={i18n._(templateLooks[template].name)}
                from="Semear"
                expiresAt={expiresAt}
              />
            </li>
          ))}
        </ul>
      </section>

      <Card>
        <h2 className={s.sectionTitle}>
          <Trans>Validade e o que sobrar</Trans>
        </h2>
        <p>
          <Trans>
            O gift card vale por 6 meses a partir da compra; a data aparece no cartão, no e-mail e na carteira de quem o resgata. O que não
            for usado até lá não se perde: é doado automaticamente à causa que a pessoa escolheu na carteira, ou à campanha para a qual ela
            mais doou no último ano, ou ao fundo geral do Semear.
          </Trans>
        </p>
      </Card>

      <section aria-labelledby="faq">
        <h2 id="faq" className={s.sectionTitle}>
          <Trans>Perguntas frequentes</Trans>
        </h2>
        <Question question={t`Quem recebe precisa ter conta no Semear?`}>
          <Trans>
            Não para doar: o código paga qualquer doação. Com uma conta, a pessoa pode resgatar o valor na carteira e doar aos poucos.
          </Trans>
        </Question>
        <Question question={t`Posso doar só uma parte do valor?`}>
          <Trans>Sim. O que sobrar continua no cartão (ou na carteira) até a validade.</Trans>
        </Question>
        <Question question={t`Posso comprar para a minha empresa?`}>
          <Trans>
            Sim: o gift card corporativo recebe a lista de pessoas por planilha e, a partir de 100 cartões, leva o logo da empresa.
          </Trans>
        </Question>
      </section>
    </Container>
  );
}
