import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass, Card } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

export function AboutPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Sobre`}
      title={t`Semear é plantar hoje o que vai dar fruto amanhã`}
      lead={t`Somos uma plataforma brasileira de doações que aproxima quem quer ajudar de quem está fazendo a diferença.`}
    >
      <div className={s.prose}>
        <p>
          <Trans>
            Acreditamos que doar deve ser simples como mandar uma mensagem. Por isso, na Semear você escolhe uma causa, doa em um minuto e
            acompanha o que a sua doação fez: a meta que se aproxima, as mensagens de quem também ajudou e o recibo no seu e-mail.
          </Trans>
        </p>
        <p>
          <Trans>
            As campanhas vêm de todo o país: cozinhas comunitárias no Recife, reconstrução depois das enchentes no Rio Grande do Sul, uma
            biblioteca escolar em Belém, um abrigo de animais em Curitiba.
          </Trans>
        </p>
      </div>
      <div className={s.grid}>
        <Card>
          <h2>
            <Trans>Transparência</Trans>
          </h2>
          <p>
            <Trans>
              Cada real doado é registrado do pagamento ao repasse. Você vê quanto cada campanha arrecadou e quantas pessoas doaram.
            </Trans>
          </p>
        </Card>
        <Card>
          <h2>
            <Trans>Segurança</Trans>
          </h2>
          <p>
            <Trans>Os dados do seu cartão não passam pelos nossos servidores: guardamos só a bandeira e os últimos quatro dígitos.</Trans>
          </p>
        </Card>
        <Card>
          <h2>
            <Trans>Nada se perde</Trans>
          </h2>
          <p>
            <Trans>
              Crédito da carteira que não for usado é doado para a causa que você mais apoia, e você sabe antes para onde ele vai.
            </Trans>
          </p>
        </Card>
      </div>
      <div className={s.actions}>
        <Link to="/search" className={buttonClass({ variant: 'accent', size: 'lg' })}>
          <Trans>Encontrar uma causa</Trans>
        </Link>
        <Link to="/help" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          <Trans>Perguntas frequentes</Trans>
        </Link>
      </div>
    </PlaceholderPage>
  );
}
