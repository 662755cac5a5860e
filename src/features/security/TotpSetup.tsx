import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TotpPending } from '../../../machines/profile/second-factor-enrolment.machine';
import { Button, Form, FormActions, TextField } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import type { EnrolmentView } from './security-provider';
import * as s from './security.css';

/** The QR code of the pending secret, drawn here (the secret never leaves the page for an image service). */
function useQrCode(url: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 200 }))
      .then((data) => current && setImage(data))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [url]);
  return image;
}

/** Step 2 of the authenticator app: scan (or type the secret), then confirm with the code it shows. */
export function TotpSetup({
  pending,
  view,
  onConfirm,
  onCancel,
}: {
  pending: TotpPending;
  view: EnrolmentView;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const image = useQrCode(pending.otpauth_url);
  const [code, setCode] = useState('');
  // Grouped by four, as authenticator apps print it; spaces are ignored when typed.
  const grouped = pending.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <section aria-labelledby="totp-setup-title">
      <h3 id="totp-setup-title" className={s.sectionTitle}>
        <Trans id="security.totp.setupTitle">Ative o aplicativo autenticador</Trans>
      </h3>
      <ol>
        <li>
          <Trans id="security.totp.scan">Abra o aplicativo (Google Authenticator, Authy, 1Password…) e leia o QR code.</Trans>
        </li>
        <li>
          <Trans id="security.totp.enterCode">Digite abaixo o código de 6 dígitos que ele mostrar.</Trans>
        </li>
      </ol>
      {image ? (
        <img src={image} alt={t({ id: 'security.totp.qrAlt', message: 'QR code para o aplicativo autenticador' })} className={s.qr} />
      ) : null}
      <p className={s.muted}>
        <Trans id="security.totp.manual">Sem câmera? Digite esta chave no aplicativo:</Trans>
      </p>
      <p className={s.secret} data-testid="totp-secret" data-secret={pending.secret}>
        {grouped}
      </p>
      <Form
        aria-label={t({ id: 'security.totp.confirmForm', message: 'Confirmar o aplicativo autenticador' })}
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(code);
        }}
      >
        <TextField
          label={t({ id: 'security.totp.code', message: 'Código de 6 dígitos' })}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <FailureAlert failure={view.failure} />
        <FormActions>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={view.submitting}>
            <Trans id="security.cancel">Cancelar</Trans>
          </Button>
          <Button type="submit" loading={view.submitting}>
            <Trans id="security.totp.activate">Ativar</Trans>
          </Button>
        </FormActions>
      </Form>
    </section>
  );
}
