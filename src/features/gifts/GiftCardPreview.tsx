import { Trans, useLingui } from '@lingui/react/macro';
import type { GiftCardTemplate } from '../../../contracts';
import { formatDate, formatMoney } from '../../app/format';
import { templateLooks } from './templates';
import * as s from './gifts.css';

export interface PreviewValues {
  value: number | null;
  template: GiftCardTemplate | null;
  message: string;
  from: string;
  to?: string;
  /** A company's logo (corporate cards from 100). */
  logoUrl?: string;
  expiresAt: Date;
}

/**
 * The card as its recipient sees it in the e-mail and the PDF: the template's artwork, the value, the
 * message, who sends it and until when it is valid. The code is shown only to the recipient.
 */
export function GiftCardPreview({ value, template, message, from, to, logoUrl, expiresAt }: PreviewValues) {
  const { t, i18n } = useLingui();
  const look = templateLooks[template ?? 'semente'];
  const amount = value === null ? 'R$ —' : formatMoney(value);
  const until = formatDate(expiresAt);
  return (
    <figure
      className={s.card}
      style={{ background: `linear-gradient(135deg, ${look.from}, ${look.to})`, color: look.ink, margin: 0 }}
      aria-label={t`Prévia do gift card: ${amount}, modelo ${i18n._(look.name)}`}
    >
      <div className={s.cardTop}>
        {logoUrl ? <img className={s.cardLogo} src={logoUrl} alt={t`Logo da empresa`} /> : <span>Semear</span>}
        <span className={s.motif} aria-hidden="true">
          {look.motif}
        </span>
      </div>
      <div>
        <div className={s.cardValue}>{amount}</div>
        <p className={s.cardMessage}>{message.trim() || t`Sua mensagem aparece aqui.`}</p>
      </div>
      <figcaption className={s.cardFoot}>
        <span>
          {to ? (
            <Trans>
              De {from || '…'} para {to}
            </Trans>
          ) : (
            <Trans>De {from || '…'}</Trans>
          )}
        </span>
        <span>
          <Trans>Válido até {until}</Trans>
        </span>
      </figcaption>
    </figure>
  );
}
