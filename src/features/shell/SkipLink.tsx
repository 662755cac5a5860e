import { Trans } from '@lingui/react/macro';
import * as s from './shell.css';

export const MAIN_ID = 'conteudo';

export function SkipLink() {
  return (
    <a className={s.skipLink} href={`#${MAIN_ID}`}>
      <Trans>Pular para o conteúdo</Trans>
    </a>
  );
}
