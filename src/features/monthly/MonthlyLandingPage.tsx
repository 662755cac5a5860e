import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, usePageTitle } from '../../app';
import { Card, cardGrid, Container, PageHeader, Stack } from '../../ui';
import { MonthlyStart } from './MonthlyStart';
import * as s from './monthly.css';

/** /doacao-mensal: choose an amount, see what it does and how monthly giving works (docs/spec.md §1, §9). */
export function MonthlyLandingPage() {
  const { t } = useLingui();
  usePageTitle(t`Doação mensal`);
  const impact = [
    { cents: 2000, text: t`Garante o lanche de uma criança no reforço escolar durante o mês.` },
    { cents: 3500, text: t`Compra ração e vacinas para um cão resgatado no abrigo.` },
    { cents: 5000, text: t`Leva uma cesta básica a uma família atingida pelas enchentes.` },
    { cents: 10000, text: t`Repõe livros e materiais da biblioteca de uma escola pública.` },
  ];
  return (
    <Container>
      <Stack gap="8">
        <PageHeader
          eyebrow={t`Doação mensal`}
          title={t`Doe todo mês e acompanhe o que muda`}
          lead={t`Escolha um valor que cabe no seu bolso. A cobrança é mês a mês, não ocupa o limite do seu cartão e você cancela quando quiser.`}
        />
        <Card>
          <MonthlyStart />
        </Card>

        <section aria-labelledby="monthly-impact">
          <Stack gap="4">
            <h2 id="monthly-impact" className={s.sectionTitle}>
              <Trans>O que sua doação mensal faz</Trans>
            </h2>
            <ul className={cardGrid.twoThenFour}>
              {impact.map(({ cents, text }) => (
                <li key={cents}>
                  <Card>
                    <Stack gap="2">
                      <span className={s.impactAmount}>
                        <Trans>{formatMoney(cents)} por mês</Trans>
                      </span>
                      <p className={s.muted}>{text}</p>
                    </Stack>
                  </Card>
                </li>
              ))}
            </ul>
            <p className={s.muted}>
              <Trans>Exemplos do que esses valores fazem nas causas da Semear.</Trans>
            </p>
          </Stack>
        </section>

        <section aria-labelledby="monthly-how">
          <Stack gap="4">
            <h2 id="monthly-how" className={s.sectionTitle}>
              <Trans>Como funciona</Trans>
            </h2>
            <ol className={s.steps}>
              <li>
                <Trans>Cobramos no cartão todo mês, no mesmo dia em que você começou (nos meses mais curtos, no último dia).</Trans>
              </li>
              <li>
                <Trans>O valor vira crédito na sua carteira Semear e vale pelo mês.</Trans>
              </li>
              <li>
                <Trans>Você escolhe para quais campanhas doar esse crédito.</Trans>
              </li>
              <li>
                <Trans>
                  O que sobrar no fim do mês é doado automaticamente para a causa que você mais apoia, e a carteira avisa antes para onde
                  vai.
                </Trans>
              </li>
              <li>
                <Trans>Você pausa ou cancela quando quiser, pelo seu perfil ou pelo link de cada e-mail.</Trans>
              </li>
              <li>
                <Trans>Cada mês é uma cobrança separada: a doação não ocupa o limite do cartão para o ano inteiro.</Trans>
              </li>
            </ol>
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}
