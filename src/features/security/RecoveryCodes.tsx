import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { saveFile } from '../../lib/save-file';
import { Button, Checkbox, Notice } from '../../ui';
import * as s from './security.css';

/** The recovery codes, shown this once: a download as .txt, and "I saved them" before the page goes on. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useLingui();
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaced what the person was on: the reader starts from its heading.
  useEffect(() => heading.current?.focus(), []);
  const download = () => {
    const intro = t({
      id: 'security.codes.fileIntro',
      message: 'Códigos de recuperação do Semear. Cada um vale uma vez, no lugar do código do aplicativo ou da chave de acesso.',
    });
    saveFile(new Blob([`${intro}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }), 'semear-codigos-de-recuperacao.txt');
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className={s.sectionTitle} tabIndex={-1} ref={heading}>
        <Trans id="security.codes.title">Seus códigos de recuperação</Trans>
      </h3>
      <Notice tone="warning">
        <Trans id="security.codes.once">
          Guarde estes códigos em um lugar seguro. Eles não serão mostrados de novo. Cada um vale uma vez, se você perder o celular ou a
          chave de acesso.
        </Trans>
      </Notice>
      <ul className={s.codes} aria-label={t({ id: 'security.codes.list', message: 'Códigos de recuperação' })}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={s.actions}>
        <Button type="button" variant="secondary" onClick={download}>
          <Trans id="security.codes.download">Baixar como .txt</Trans>
        </Button>
      </div>
      <Checkbox
        label={t({ id: 'security.codes.savedCheck', message: 'Guardei meus códigos de recuperação' })}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <div className={s.actions}>
        <Button type="button" disabled={!saved} onClick={onSaved}>
          <Trans id="security.codes.done">Concluir</Trans>
        </Button>
      </div>
    </section>
  );
}
