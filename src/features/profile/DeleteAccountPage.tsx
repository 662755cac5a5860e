import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { accountDeletionSchema, type AccountDeletionInput } from '../../../contracts/account-deletion';
import type { WalletOverview } from '../../../contracts/wallet';
import { formatDate, formatMoney } from '../../app/format';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { useFieldError } from '../../app/forms/use-field-error';
import { Button, Card, Container, Form, FormActions, TextField } from '../../ui';
import { useDeleteAccount } from './delete-account-provider';
import * as s from './profile.css';

/**
 * /profile/delete-account (docs/privacy.md, "Deleting an account"; LGPD art. 18, VI): says exactly what
 * happens, the wallet's credit and gift cards included (the wallet page's rule, docs/ledger.md), then asks for
 * the password. With a second factor, the client's step-up dialog asks for it as for money actions.
 */
export function DeleteAccountPage({ wallet, remove }: { wallet: WalletOverview; remove?: (input: AccountDeletionInput) => Promise<void> }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const { view, submit } = useDeleteAccount(remove);
  const { register, handleSubmit, formState } = useForm<AccountDeletionInput>({
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { password: '' },
  });
  return (
    <Container className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>
          <Trans id="profile.deleteAccount.title">Excluir minha conta</Trans>
        </h1>
      </header>
      <Card>
        <section aria-labelledby="what-happens">
          <h2 id="what-happens" className={s.sectionTitle}>
            <Trans id="profile.deleteAccount.whatHappens">O que acontece</Trans>
          </h2>
          <p>
            <Trans id="profile.deleteAccount.intro">
              Excluir a conta apaga os seus dados pessoais do Semear (LGPD, art. 18, VI). Não é possível desfazer.
            </Trans>
          </p>
          <ul>
            <li>
              <Trans id="profile.deleteAccount.personal">
                Seu nome, e-mail, CPF ou CNPJ, telefone, endereço, data de nascimento e foto são apagados. Nas suas doações, seu nome passa
                a aparecer como “Doador removido”, e as mensagens que você deixou nas campanhas são apagadas.
              </Trans>
            </li>
            <li>
              <Trans id="profile.deleteAccount.monthly">
                Sua doação mensal é cancelada, e os cartões salvos são removidos também no provedor de pagamento.
              </Trans>
            </li>
            <li>
              <Trans id="profile.deleteAccount.sessions">
                Você sai de todos os aparelhos. O aplicativo autenticador, as chaves de acesso e os códigos de recuperação são apagados.
              </Trans>
            </li>
            <li>
              <Trans id="profile.deleteAccount.kept">
                Os valores, as datas e as campanhas das suas doações continuam registrados, sem o seu nome, pelo prazo que a lei fiscal
                exige (5 anos). O total arrecadado pelas campanhas não muda.
              </Trans>
            </li>
            <li>
              <Trans id="profile.deleteAccount.email">Seu e-mail fica livre: você pode criar uma conta nova com ele quando quiser.</Trans>
            </li>
          </ul>
        </section>
      </Card>
      <Card>
        <section aria-labelledby="wallet-and-cards">
          <h2 id="wallet-and-cards" className={s.sectionTitle}>
            <Trans id="profile.deleteAccount.walletTitle">Carteira e vales-presente</Trans>
          </h2>
          <WalletFate wallet={wallet} />
          <p>
            <Trans id="profile.deleteAccount.giftCards">
              Os vales-presente que você comprou continuam valendo para quem os tem. O saldo que não for usado até o vencimento é doado
              automaticamente, pela mesma regra da carteira.
            </Trans>
          </p>
        </section>
      </Card>
      <Card>
        <Form onSubmit={handleSubmit((values) => submit(values))} aria-labelledby="confirm-deletion">
          <h2 id="confirm-deletion" className={s.sectionTitle}>
            <Trans id="profile.deleteAccount.confirmTitle">Confirme com a sua senha</Trans>
          </h2>
          <TextField
            label={t({ id: 'profile.deleteAccount.password', message: 'Senha' })}
            type="password"
            autoComplete="current-password"
            required
            error={fieldError(formState.errors.password)}
            {...register('password')}
          />
          <FailureAlert failure={view.failure} />
          <FormActions>
            <Button type="submit" variant="danger" loading={view.submitting || view.succeeded}>
              <Trans id="profile.deleteAccount.submit">Excluir minha conta para sempre</Trans>
            </Button>
            <Link to="/profile">
              <Trans id="profile.deleteAccount.cancel">Voltar ao perfil sem excluir</Trans>
            </Link>
          </FormActions>
        </Form>
      </Card>
    </Container>
  );
}

/** What becomes of the wallet's credit: not paid back, donated at each credit's expiry, as the wallet page says. */
function WalletFate({ wallet }: { wallet: WalletOverview }) {
  if (wallet.balance <= 0) {
    return (
      <p>
        <Trans id="profile.deleteAccount.noCredit">Sua carteira não tem crédito.</Trans>
      </p>
    );
  }
  const balance = formatMoney(wallet.balance);
  const next = wallet.next_automatic_donation;
  const nextAmount = next ? formatMoney(next.amount) : '';
  const nextDate = next ? formatDate(next.date) : '';
  const cause = next?.campaign?.title ?? '';
  return (
    <>
      <p>
        <Trans id="profile.deleteAccount.credit">
          Você tem {balance} de crédito na carteira. O crédito não volta em dinheiro: como a carteira explica, o que não for usado é doado
          automaticamente quando vence, para a causa que você escolheu, ou a que você mais apoiou nos últimos 12 meses, ou o fundo geral.
        </Trans>
      </p>
      {next && (
        <p>
          {next.campaign ? (
            <Trans id="profile.deleteAccount.nextToCampaign">
              A próxima doação automática: {nextAmount} em {nextDate}, para {cause}.
            </Trans>
          ) : (
            <Trans id="profile.deleteAccount.nextToFund">
              A próxima doação automática: {nextAmount} em {nextDate}, para o fundo geral do Semear.
            </Trans>
          )}
        </p>
      )}
      <p>
        <Trans id="profile.deleteAccount.useFirst">
          Se preferir, use o crédito ou escolha outra causa na <Link to="/profile/wallet">carteira</Link> antes de excluir a conta.
        </Trans>
      </p>
    </>
  );
}
