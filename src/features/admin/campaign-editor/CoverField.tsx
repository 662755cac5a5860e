import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { COVER_MAX_BYTES, coverCrop } from '../../../../contracts/admin-campaign-editor';
import { Button, FormSection } from '../../../ui';
import type { EditorActor } from './use-campaign-editor';
import { useSection, useSectionUpload } from './use-section';
import * as s from './campaign-editor.css';

interface Chosen {
  file: File;
  url: string;
  width: number;
  height: number;
}

/**
 * The cover: choose an image, click the point that must stay in view, see the 16:9 crop the page will
 * show, and upload it (the server checks the bytes, crops around that point and draws its widths). The
 * section's machine sends it and keeps whether it is on its way or was refused; what stays here is the
 * picking: the chosen file's preview, its focus point, and the checks made before anything is sent.
 */
export function CoverField({ editor }: { editor: EditorActor }) {
  const { t, i18n } = useLingui();
  const { values, errors } = useSection(editor, 'cover');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [focus, setFocus] = useState({ x: 0.5, y: 0.5 });
  // A file refused before sending (too big, not a picture the browser can read).
  const [problem, setProblem] = useState<string | null>(null);
  // Once sent, the machine has put the cover's address in the section: the crop's work is done.
  const { uploading, failureMessages, upload, dismiss } = useSectionUpload(editor, 'cover', () => setChosen(null));
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    setProblem(null);
    dismiss();
    if (!file) return;
    if (file.size > COVER_MAX_BYTES) return setProblem(t`A imagem deve ter no máximo 5 MB`);
    const url = URL.createObjectURL(file);
    const probe = new Image();
    probe.onload = () => setChosen({ file, url, width: probe.naturalWidth, height: probe.naturalHeight });
    probe.onerror = () => setProblem(t`Envie uma imagem JPEG, PNG ou WebP`);
    probe.src = url;
    setFocus({ x: 0.5, y: 0.5 });
  };
  const send = () => {
    if (!chosen) return;
    setProblem(null);
    upload(chosen.file, focus);
  };
  const refused = failureMessages ? failureMessages.map((m) => i18n._(m)).join(' ') : null;
  const shownProblem = problem ?? refused ?? (errors.cover_url ? i18n._(errors.cover_url) : null);
  // The crop the server will make, shown exactly: object-position in % of the image's overflow.
  const crop = chosen ? coverCrop(chosen.width, chosen.height, focus) : null;
  const position =
    chosen && crop
      ? `${chosen.width > crop.width ? (crop.left / (chosen.width - crop.width)) * 100 : 50}% ${
          chosen.height > crop.height ? (crop.top / (chosen.height - crop.height)) * 100 : 50
        }%`
      : '50% 50%';
  return (
    <FormSection title={<Trans>Capa</Trans>}>
      {values.cover_url && !chosen ? <img className={s.coverPreview} src={values.cover_url} alt={t`Capa atual`} /> : null}
      <label className={s.fileLabel}>
        <span>{values.cover_url ? <Trans>Trocar a capa</Trans> : <Trans>Escolher a capa</Trans>}</span>
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => choose(e.target.files?.[0])} />
      </label>
      <p className={s.hint}>
        <Trans>JPEG, PNG ou WebP, até 5 MB, com pelo menos 960 × 540 pixels. A página mostra a capa em 16:9.</Trans>
      </p>
      {chosen ? (
        <div className={s.cropper}>
          <p>
            <Trans>Clique no ponto da imagem que precisa aparecer sempre.</Trans>
          </p>
          <button
            type="button"
            className={s.focusPicker}
            aria-label={t`Ponto de foco da capa`}
            onClick={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              setFocus({
                x: Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)),
                y: Math.min(1, Math.max(0, (e.clientY - box.top) / box.height)),
              });
            }}
          >
            <img src={chosen.url} alt="" />
            <span className={s.focusMark} style={{ left: `${focus.x * 100}%`, top: `${focus.y * 100}%` }} aria-hidden="true" />
          </button>
          <p>
            <Trans>Como a capa vai ficar:</Trans>
          </p>
          <img
            className={s.coverPreview}
            src={chosen.url}
            alt={t`Recorte da capa`}
            style={{ objectPosition: position }}
            data-testid="cover-crop"
          />
          <Button type="button" onClick={send} disabled={uploading}>
            {uploading ? <Trans>Enviando…</Trans> : <Trans>Usar esta capa</Trans>}
          </Button>
        </div>
      ) : null}
      {shownProblem ? (
        <p role="alert" className={s.error}>
          {shownProblem}
        </p>
      ) : null}
    </FormSection>
  );
}
