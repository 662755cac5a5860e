import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { GiftCardOrderResult, OrderedGiftCard } from '../../../contracts';
import { useAuth } from '../../app/auth/auth-context';
import { formatDate, formatDateTime, formatMoney } from '../../app/format';
import { usePageTitle } from '../../app/page-title';
import { Button, buttonClass, Card, Container, Notice, PageHeader, Stack } from '../../ui';
import { CardDeliveryActions } from './CardDeliveryActions';
import { OrderStats } from './OrderStats';
import { useOrderFile } from './use-card-delivery';
import { useBatchProgress } from './use-batch-progress';
import { FailureAlert } from '../../app/forms/FailureAlert';
import * as s from './gifts.css';

/** Where one card stands: sent, going out at its time, or in the buyer's hands (PDF, with its code). */
function CardLine({ card, actions }: { card: OrderedGiftCard; actions: ReactNode }) {
  const value = formatMoney(card.value);
  const until = formatDate(card.expires_at);
  const when = card.deliver_at ? formatDateTime(card.deliver_at) : '';
  const email = card.recipient_email ?? '';
  return (
    <li className={s.orderedCard}>
      <span className={s.definition}>{card.recipient_name ?? value}</span>
      {card.code ? <code className={s.code}>{card.code}</code> : null}
      <span className={s.muted}>
        {card.delivery === 'bounced' ? (
          <strong className={s.fieldError}>
            <Trans>O e-mail para {email} voltou: o endereço não existe. Corrija-o para enviar o cartão de novo.</Trans>
          </strong>
        ) : card.delivery === 'sent' ? (
          <Trans>
            Enviado para {email} · válido até {until}
          </Trans>
        ) : card.delivery === 'scheduled' ? (
          <Trans>
            Será enviado para {email} em {when}
          </Trans>
        ) : card.delivery === 'cancelled' ? (
          <Trans>Envio cancelado: entregue você mesmo o código · válido até {until}</Trans>
        ) : (
          <Trans>
            {value} · válido até {until}
          </Trans>
        )}
      </span>
      {actions}
    </li>
  );
}

/** Cards listed on the page; a larger batch is whole in its CSV and PDF. */
const CARDS_SHOWN = 200;

/** The cards to list: those whose e-mail bounced first (they need the buyer), then in order. */
const cardsToShow = (cards: readonly OrderedGiftCard[]): OrderedGiftCard[] =>
  [...cards.filter((card) => card.delivery === 'bounced'), ...cards.filter((card) => card.delivery !== 'bounced')].slice(0, CARDS_SHOWN);

/** A company's batch while its cards are issued: how many of how many, moving on as they come out. */
function IssueProgress({ issued, quantity }: { issued: number; quantity: number }) {
  const { t } = useLingui();
  const label = t`Emitindo os cartões: ${issued} de ${quantity}`;
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

/**
 * /gift-card/agradecimento?type=&order=: thanks, with the order as the API tells it (read by its
 * buyer or with this tab's receipt token): each card's delivery, or for a PDF the codes to print.
 */
export function GiftCardThanksPage({ type, order }: { type?: string; order: GiftCardOrderResult | null }) {
  const { t } = useLingui();
  usePageTitle(t`Obrigado! Seu gift card está a caminho`);
  return order ? <OrderThanks type={type} loaded={order} /> : <Thanks type={type} order={null} />;
}

/** A readable order: a company's batch is followed while it is issued; a card's change answers the order anew. */
function OrderThanks({ type, loaded }: { type?: string; loaded: GiftCardOrderResult }) {
  const progress = useBatchProgress(loaded);
  const [changed, setChanged] = useState<GiftCardOrderResult | null>(null);
  return <Thanks type={type} order={changed ?? progress.order} issuing={progress.issuing} onChanged={setChanged} />;
}

function Thanks({
  type,
  order,
  issuing = false,
  onChanged = () => {},
}: {
  type?: string;
  order: GiftCardOrderResult | null;
  issuing?: boolean;
  onChanged?: (order: GiftCardOrderResult) => void;
}) {
  const { t } = useLingui();
  const { isSignedIn } = useAuth();
  const paid = order?.order.status === 'paid' ? order.order : null;
  const pdf = (paid?.shipping_mode ?? type) === 'pdf';
  const quantity = paid?.quantity ?? 0;
  const each = formatMoney(paid?.value ?? 0);
  const total = formatMoney(paid?.total ?? 0);
  const lead = pdf
    ? t`Seus cartões estão prontos: baixe o PDF, imprima e entregue cada um. Quem receber escolhe a causa e tem 6 meses para usar o crédito.`
    : t`Enviamos o gift card por e-mail. Quem receber escolhe a causa e tem 6 meses para usar o crédito.`;
  return (
    <Container narrow className={s.page}>
      <PageHeader title={t`Obrigado! Seu gift card está a caminho`} lead={lead} />
      {order && !paid ? (
        <Notice tone="warning">
          <Trans>Ainda estamos aguardando a confirmação do pagamento. Os cartões são emitidos assim que ele for confirmado.</Trans>
        </Notice>
      ) : null}
      {paid ? (
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
            {issuing ? <IssueProgress issued={paid.issued} quantity={paid.quantity} /> : null}
            {paid.cards.length > CARDS_SHOWN ? (
              <p className={s.muted}>
                <Trans>
                  Mostrando {CARDS_SHOWN} de {paid.cards.length} cartões; a lista completa está no CSV e no PDF.
                </Trans>
              </p>
            ) : null}
            <ul className={s.orderedCards}>
              {cardsToShow(paid.cards).map((card) => (
                <CardLine
                  key={card.position}
                  card={card}
                  actions={<CardDeliveryActions orderId={paid.id} card={card} onChanged={onChanged} />}
                />
              ))}
            </ul>
            {paid.cards.some((card) => card.code !== null) ? <PrintableCards orderId={paid.id} /> : null}
            {paid.money && paid.stats && !issuing ? <OrderStats money={paid.money} stats={paid.stats} /> : null}
          </Stack>
        </Card>
      ) : null}
      <Notice>
        <Trans>Quer semear mais? Conheça as campanhas que precisam de ajuda agora.</Trans>{' '}
        <Link to="/search">
          <Trans>Ver campanhas</Trans>
        </Link>
      </Notice>
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
