import type { ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CorporateDefinitionEvent } from '../../../../machines/gift-card/corporate-definition.machine';
import { Button, FormActions, FormError, Spinner, TextField } from '../../../ui';
import type { CorporateDefinitionView } from './use-corporate-definition';
import * as s from '../gifts.css';

/** Step 4 (from 100 cards): the company's logo on its cards, e-mails and PDF; optional. */
export function LogoStep({ view, send }: { view: CorporateDefinitionView; send: (event: CorporateDefinitionEvent) => void }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-label={t`Logo da empresa`} className={s.stack}>
      <p className={s.muted}>
        <Trans>Pedidos a partir de 100 cartões podem levar o logo da empresa nos cartões, nos e-mails e no PDF. É opcional.</Trans>
      </p>
      {view.logo ? (
        <figure className={s.stack} style={{ margin: 0 }}>
          <img className={s.logoImage} src={view.logo.url} alt={t`Logo da empresa`} width={view.logo.width} height={view.logo.height} />
          <div>
            <Button type="button" variant="ghost" onClick={() => send({ type: 'logo.removed' })}>
              <Trans>Remover o logo</Trans>
            </Button>
          </div>
        </figure>
      ) : null}
      <TextField
        label={view.logo ? t`Trocar o logo` : t`Logo (opcional)`}
        hint={t`jpeg, jpg ou png de até 2 MB, na proporção 19:9 (por exemplo, 1900 × 900 pixels).`}
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        disabled={view.uploading}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          if (file) send({ type: 'logo.selected', file });
          event.target.value = '';
        }}
      />
      {view.uploading ? (
        <p className={s.muted}>
          <Spinner label={t`Enviando o logo…`} /> <Trans>Enviando o logo…</Trans>
        </p>
      ) : null}
      {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
      <FormActions>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'step.backRequested' })}>
          <Trans>Voltar</Trans>
        </Button>
        <Button type="button" disabled={view.uploading} onClick={() => send({ type: 'logo.confirmed' })}>
          <Trans>Continuar</Trans>
        </Button>
      </FormActions>
    </section>
  );
}
