import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { GiftCardOrder, GiftCardOrderResult } from '../../../contracts';
import { SignInNotice } from '../../app';
import { useAuth } from '../../app/auth/auth-context';
import { formatDateTime, formatMoney, formatNumber } from '../../app/format';
import { usePageTitle } from '../../app/page-title';
import { Button, buttonClass, Card, Container, Notice, PageHeader, Stack } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { OrderCardList } from './OrderCardList';
import { OrderStats } from './OrderStats';
import { corporateDraft, personalDraft } from './order-drafts';
import { situationOf, type OrderSituation } from './order-situation';
import { useRetryOrder } from './retry-order';
import { useOrderFile } from './use-card-delivery';
import { useBatchProgress } from './use-batch-progress';
import * as s from './gifts.css';

/** A company's batch while its cards are issued: how many of how many, moving on as they come out. */
function IssueProgress({ issued, quantity }: { issued: number; quantity: number }) {
  const { t } = useLingui();
  const done = formatNumber(issued);
  const all = formatNumber(quantity);
  const label = t`Emitindo os cartões: ${done} de ${all}`;
  return (
    <div role="status" className={s.cardActions}>
      <span>{label}</span>
      <progress max={quantity} value={issued} aria-label={label} />
    </div>
  );
}

/** The cards the buyer hands out as a PDF (8 a page, with QR codes) and their codes as a CSV, downloadable again whenever needed. */
function PrintableCards({ orderId }: { orderId: string }) {
  const pdf = useOrderFile(orderId, 'cards.pdf');
  const csv = useOrderFile(orderId, 'codes.csv');
  return (
    <div className={s.cardActions}>
      <div className={s.actions}>
        <Button type="button" variant="secondary" disabled={pdf.view.submitting} onClick={() => pdf.submit()}>
          <Trans>Baixar os cartões em PDF</Trans>
        </Button>
        <Button type="button" variant="ghost" disabled={csv.view.submitting} onClick={() => csv.submit()}>
          <Trans>Baixar os códigos (CSV)</Trans>
        </Button>
      </div>
      <FailureAlert failure={pdf.view.failure ?? csv.view.failure} />
    </div>
  );
}

/** The page's title and lead: exactly what is true of the order now. */
function useHeadline(order: GiftCardOrder, situation: OrderSituation): { title: string; lead: string } {
  const { t } = useLingui();
  const choose = t`Quem receber escolhe a causa e tem 6 meses para usar o crédito.`;
  // One card is spoken of in the singular, in every language (issue 47, item 11).
  const cards = order.quantity;
  switch (situation.kind) {
    case 'declined':
      return {
        title: t`Pagamento não concluído`,
        lead: t`O pagamento deste pedido não foi aprovado: nada foi cobrado e nenhum cartão foi emitido.`,
      };
    case 'expired':
      return {
        title: t`Pagamento não concluído`,
        lead: t`O prazo para pagar este pedido acabou: nada foi cobrado e nenhum cartão foi emitido.`,
      };
    case 'reversed':
      return situation.chargeback
        ? {
            title: t`Pagamento contestado`,
            lead: t`O banco de quem pagou contestou este pagamento e o valor voltou a ele. Os cartões deste pedido foram cancelados e não podem mais ser usados nem guardados na carteira.`,
          }
        : {
            title: t`Pagamento reembolsado`,
            lead: t`O pagamento deste pedido foi reembolsado pelo meio de pagamento. Os cartões deste pedido foram cancelados e não podem mais ser usados nem guardados na carteira.`,
          };
    case 'pending':
      return {
        title: t`Aguardando o pagamento`,
        lead: t`Os cartões são emitidos assim que o pagamento for confirmado. Nada foi enviado ainda.`,
      };
    case 'issuing':
      return {
        title: t`${plural(cards, { one: 'Obrigado! Estamos emitindo seu cartão', other: 'Obrigado! Estamos emitindo seus cartões' })}`,
        lead:
          order.shipping_mode === 'pdf'
            ? t`${plural(cards, {
                one: 'O código fica disponível para baixar assim que for emitido.',
                other: 'Os códigos ficam disponíveis para baixar assim que todos forem emitidos.',
              })}`
            : t`Cada pessoa recebe o cartão por e-mail depois que ele é emitido.`,
      };
    case 'ready':
      return {
        title: t`${plural(cards, { one: 'Obrigado! Seu cartão está pronto', other: 'Obrigado! Seus cartões estão prontos' })}`,
        lead:
          order.kind === 'corporate'
            ? t`${plural(cards, {
                one: 'Baixe o código (CSV) ou o cartão em PDF e entregue-o.',
                other: 'Baixe os códigos (CSV) ou os cartões em PDF e entregue cada um.',
              })} ${choose}`
            : t`${plural(cards, { one: 'Baixe o PDF, imprima e entregue o cartão.', other: 'Baixe o PDF, imprima e entregue cada um.' })} ${choose}`,
      };
    case 'scheduled': {
      // Only the cards still waiting: one sent now from this page is on its own line below.
      const waiting = situation.count;
      const count = formatNumber(waiting);
      const when = situation.at ? formatDateTime(situation.at) : '';
      return {
        title: t`Obrigado! O envio está agendado`,
        lead: situation.at
          ? t`${plural(waiting, {
              one: `${count} cartão será enviado por e-mail em ${when}, para quem vai recebê-lo.`,
              other: `${count} cartões serão enviados por e-mail em ${when}, cada um para quem vai recebê-lo.`,
            })} ${choose}`
          : t`Cada cartão será enviado por e-mail no dia e hora mostrados abaixo. ${choose}`,
      };
    }
    case 'sent': {
      const sent = situation.count;
      const count = formatNumber(sent);
      return {
        title: t`${plural(sent, { one: 'Obrigado! Seu gift card foi enviado', other: 'Obrigado! Seus gift cards foram enviados' })}`,
        lead: t`${plural(sent, {
          one: `Enviamos ${count} gift card por e-mail para quem vai recebê-lo.`,
          other: `Enviamos ${count} gift cards por e-mail, cada um para quem vai recebê-lo.`,
        })} ${choose}`,
      };
    }
  }
}

/** A declined or expired order: buy the same cards again. */
function TryAgain({ order }: { order: GiftCardOrder }) {
  const retry = useRetryOrder(order);
  return (
    <div className={s.actions}>
      {retry.kind === 'personal' ? (
        <Button type="button" onClick={retry.retry}>
          <Trans>Tentar de novo</Trans>
        </Button>
      ) : retry.inThisTab ? (
        <Link to="/gift-card/checkout-corporate" className={buttonClass({ variant: 'primary' })}>
          <Trans>Tentar de novo</Trans>
        </Link>
      ) : (
        <Link to="/gift-card/definition_corporate" className={buttonClass({ variant: 'primary' })}>
          <Trans>Montar o pedido de novo</Trans>
        </Link>
      )}
    </div>
  );
}

/**
 * /gift-card/agradecimento?type=&order=: the order as the API tells it (read by its buyer or with this
 * tab's receipt token), saying exactly what is true of it: declined, waiting, being issued, ready,
 * scheduled or sent. A paid order's draft leaves the tab (PayPal comes back here).
 */
export function GiftCardThanksPage({ order }: { order: GiftCardOrderResult | null }) {
  return order ? <OrderThanks loaded={order} /> : <UnreadableOrder />;
}

/** The order's page when this browser may not read it (another browser, signed out, someone else's). */
function UnreadableOrder() {
  const { t } = useLingui();
  const { isSignedIn, isLoading } = useAuth();
  const title = t`Pedido de gift cards`;
  usePageTitle(title);
  return (
    <Container narrow className={s.page}>
      <PageHeader title={title} />
      {isLoading ? null : isSignedIn ? (
        <Notice>
          <Trans>Não encontramos este pedido na sua conta. Confira se entrou com a conta que fez a compra.</Trans>
        </Notice>
      ) : (
        <SignInNotice description={t`Para ver este pedido, entre com a conta que fez a compra ou abra-o no navegador em que você pagou.`} />
      )}
    </Container>
  );
}

/** A readable order: a company's batch is followed while it is issued; a card's change answers the order anew. */
function OrderThanks({ loaded }: { loaded: GiftCardOrderResult }) {
  const progress = useBatchProgress(loaded);
  const [changed, setChanged] = useState<GiftCardOrderResult | null>(null);
  const { order } = changed ?? progress.order;
  const paidId = order.status === 'paid' ? order.id : null;
  useEffect(() => {
    if (paidId === null) return;
    personalDraft.paid(paidId);
    corporateDraft.paid(paidId);
  }, [paidId]);
  return <OrderPage order={order} onChanged={setChanged} />;
}

function OrderPage({ order, onChanged }: { order: GiftCardOrder; onChanged: (order: GiftCardOrderResult) => void }) {
  const { isSignedIn } = useAuth();
  const situation = situationOf(order);
  const { title, lead } = useHeadline(order, situation);
  usePageTitle(title);
  const paid = order.status === 'paid';
  const each = formatMoney(order.value);
  const total = formatMoney(order.total);
  const quantity = formatNumber(order.quantity);
  const bounced = order.cards.filter((card) => card.delivery === 'bounced').length;
  const handedOut = order.cards.some((card) => card.code !== null);
  return (
    <Container narrow className={s.page}>
      <PageHeader title={title} lead={lead} />
      {situation.kind === 'declined' || situation.kind === 'expired' ? <TryAgain order={order} /> : null}
      {paid && bounced > 0 ? (
        <Notice tone="warning">
          <Plural
            value={bounced}
            one="# e-mail voltou: corrija o endereço abaixo para enviar o cartão de novo."
            other="# e-mails voltaram: corrija os endereços abaixo para enviar os cartões de novo."
          />
        </Notice>
      ) : null}
      <Card>
        <Stack gap="3">
          <h2 className={s.sectionTitle}>
            <Trans>Seu pedido</Trans>
          </h2>
          <p className={s.muted}>
            <Trans>
              {quantity} × {each} · total {total}
            </Trans>
          </p>
          {situation.kind === 'issuing' ? <IssueProgress issued={situation.issued} quantity={situation.quantity} /> : null}
          {paid && situation.kind !== 'issuing' && handedOut ? <PrintableCards orderId={order.id} /> : null}
          {order.money && order.stats && situation.kind !== 'issuing' ? <OrderStats money={order.money} stats={order.stats} /> : null}
        </Stack>
      </Card>
      {paid && order.cards.length > 0 ? (
        <Card>
          <Stack gap="3">
            <h2 className={s.sectionTitle}>
              <Trans>Os cartões</Trans>
            </h2>
            <OrderCardList order={order} onChanged={onChanged} />
          </Stack>
        </Card>
      ) : null}
      {paid ? (
        <Notice>
          <Trans>Quer semear mais? Conheça as campanhas que precisam de ajuda agora.</Trans>{' '}
          <Link to="/search">
            <Trans>Ver campanhas</Trans>
          </Link>
        </Notice>
      ) : null}
      {isSignedIn ? (
        <div className={s.actions}>
          <Link to="/profile/contributions" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Ver minhas contribuições</Trans>
          </Link>
        </div>
      ) : null}
    </Container>
  );
}
