import { useLingui } from '@lingui/react/macro';
import { useToast } from '../../app';
import { shareTargets, type ShareNetwork } from './share-links';
import * as s from './campaigns.css';

/**
 * Share buttons, WhatsApp first, then Facebook, X, LinkedIn, e-mail and "copy link". Networks open in
 * a new tab; copying uses the Clipboard API and confirms with a toast.
 */
export function ShareButtons({ url, text, subject, label }: { url: string; text: string; subject: string; label: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const names: Record<ShareNetwork, string> = {
    whatsapp: t`WhatsApp`,
    facebook: t`Facebook`,
    x: t`X (Twitter)`,
    linkedin: t`LinkedIn`,
    email: t`E-mail`,
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Link copiado`);
    } catch {
      toast.error(t`Não foi possível copiar o link. Copie o endereço da página.`);
    }
  };
  return (
    <ul className={s.share} aria-label={label}>
      {shareTargets({ url, text, subject }).map((target) => (
        <li key={target.network}>
          <a
            href={target.href}
            className={[s.shareLink, target.network === 'whatsapp' ? s.whatsapp : ''].join(' ')}
            {...(target.network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            aria-label={t`Compartilhar por ${names[target.network]}`}
          >
            {names[target.network]}
          </a>
        </li>
      ))}
      <li>
        <button type="button" className={s.shareLink} onClick={() => void copy()}>
          {t`Copiar link`}
        </button>
      </li>
    </ul>
  );
}
