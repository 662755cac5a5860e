import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Payment } from '../../../contracts';
import { Button, Card, Notice, Spinner, Stack } from '../../ui';
import * as s from './checkout.css';

/** mm:ss until `expiresAt` (never negative); ticks every second. */
function useCountdown(expiresAt: string | null, onExpired: () => void): string | null {
  const [now, setNow] = useState(() => Date.now());
  const end = expiresAt ? Date.parse(expiresAt) : NaN;
  const left = Number.isNaN(end) ? null : Math.max(0, Math.floor((end - now) / 1000));
  useEffect(() => {
    if (left === null) return;
    if (left === 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now, onExpired]);
  if (left === null) return null;
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

/** The open PIX charge: QR, copy-and-paste code, countdown; the page moves on when it is paid. */
export function PixPanel({
  payment,
  expired,
  onTimedOut,
  onRegenerate,
}: {
  payment: Payment;
  expired: boolean;
  onTimedOut: () => void;
  onRegenerate: () => void;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const countdown = useCountdown(expired ? null : payment.expires_at, onTimedOut);

  if (expired) {
    return (
      <Card>
        <Stack gap="4">
          <Notice tone="warning">
            <Trans>O prazo deste PIX acabou. Gere um novo código.</Trans>
          </Notice>
          <div>
            <Button variant="accent" onClick={onRegenerate}>
              <Trans>Gerar novo código</Trans>
            </Button>
          </div>
        </Stack>
      </Card>
    );
  }

  const copy = async () => {
    if (!payment.br_code) return;
    try {
      await navigator.clipboard.writeText(payment.br_code);
      setCopied(true);
    } catch {
      // No clipboard permission: the code stays selectable on screen.
      setCopied(false);
    }
  };

  return (
    <Card>
      <Stack gap="4">
        <p>
          <Trans>Abra o app do seu banco, escolha pagar com PIX e leia o QR Code ou cole o código.</Trans>
        </p>
        {payment.qr_code ? <img className={s.qr} src={payment.qr_code} alt={t`QR Code do PIX`} width={240} height={240} /> : null}
        <label htmlFor="pix-br-code">
          <Trans>PIX copia e cola</Trans>
        </label>
        <textarea
          id="pix-br-code"
          className={s.brCode}
          readOnly
          rows={4}
          value={payment.br_code ?? ''}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className={s.inlineActions}>
          <Button onClick={() => void copy()}>
            <Trans>Copiar código</Trans>
          </Button>
          <span role="status">{copied ? <Trans>Código copiado!</Trans> : null}</span>
        </div>
        {countdown ? (
          <p>
            <Trans>Expira em</Trans>{' '}
            <span className={s.countdown} aria-live="off">
              {countdown}
            </span>
          </p>
        ) : null}
        <p className={s.inlineActions}>
          <Spinner label={t`Aguardando pagamento…`} />
          <Trans>Aguardando pagamento…</Trans>
        </p>
        {payment.sandbox_pay_url ? (
          // Only the embedded sandbox has such a page; with a real gateway the donor pays in the bank's app.
          <a href={payment.sandbox_pay_url} target="_blank" rel="noopener">
            <Trans>Pagar no ambiente de testes</Trans>
          </a>
        ) : null}
      </Stack>
    </Card>
  );
}
