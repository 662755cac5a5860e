import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CampaignContent } from '../../../../contracts/admin-campaign-editor';
import { Button, Card, Dialog } from '../../../ui';
import * as s from './campaign-editor.css';

/** How WhatsApp and Facebook will show the link: the image, the title and the description. */
export function ShareCard({ content }: { content: CampaignContent }) {
  const { t } = useLingui();
  const host = typeof window === 'undefined' ? 'semear' : window.location.host;
  return (
    <figure className={s.ogCard} aria-label={t`Prévia do link compartilhado`}>
      {content.cover_url ? <img src={content.cover_url} alt="" /> : null}
      <figcaption className={s.ogText}>
        <span className={s.hint}>{host}</span>
        <strong>{content.share_title || content.title}</strong>
        <span>{content.share_description || content.summary}</span>
      </figcaption>
    </figure>
  );
}

/** The public page as the saved draft would make it, at a phone's width and at a desktop's. */
export function PreviewPanel({ campaignId, content, disabled }: { campaignId: string; content: CampaignContent; disabled: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const src = `/pre-visualizacao?campaign=${campaignId}`;
  return (
    <Card>
      <h2>
        <Trans>Pré-visualização</Trans>
      </h2>
      <Button type="button" size="sm" variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        <Trans>Pré-visualizar</Trans>
      </Button>
      {disabled ? (
        <p className={s.hint}>
          <Trans>A pré-visualização mostra o rascunho salvo.</Trans>
        </p>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} title={<Trans>Pré-visualização</Trans>}>
        <div className={s.frames}>
          <iframe className={s.phoneFrame} src={src} title={t`No celular`} />
          <div className={s.desktopWrap}>
            <iframe className={s.desktopFrame} src={src} title={t`No computador`} />
          </div>
          <ShareCard content={content} />
        </div>
      </Dialog>
    </Card>
  );
}
