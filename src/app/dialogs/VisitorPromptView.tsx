import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { messages } from '../../../contracts';
import type { visitorPromptMachine } from '../../../machines/dialogs/visitor-prompt.machine';
import { Button, Dialog } from '../../ui';
import { sanitizeReturnUrl } from '../navigation/return-url';
import * as s from './visitor-prompt.css';

/** 'Entrar agora' → /signin, 'Faça seu cadastro' → /signup, each with return_url=<where the visitor was>. */
export function VisitorPromptView({ actor }: { actor: ActorRefFrom<typeof visitorPromptMachine> }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const open = useSelector(actor, (s) => s.hasTag('state:open'));
  const description = useSelector(actor, (s) => s.context.description);
  const returnUrl = useSelector(actor, (s) => s.context.returnUrl);
  const email = useSelector(actor, (s) => s.context.email);
  const back = sanitizeReturnUrl(returnUrl);
  const withEmail = email ? { email } : {};
  const close = () => actor.send({ type: 'visitorPrompt.closed' });
  return (
    <Dialog open={open} onClose={close} title={t`Entre para continuar`} description={description ?? i18n._(messages.mustBeSignedIn.id)}>
      <div className={s.actions}>
        <Button
          variant="primary"
          fullWidth
          onClick={() => {
            close();
            void navigate({ to: '/signin', search: { return_url: back, ...withEmail } });
          }}
        >
          <Trans>Entrar agora</Trans>
        </Button>
        <p className={s.signup}>
          <Trans>Ainda não tem conta?</Trans>{' '}
          <Link to="/signup" search={back === '/' ? withEmail : { return_url: back, ...withEmail }} onClick={close}>
            <Trans>Faça seu cadastro</Trans>
          </Link>
        </p>
      </div>
    </Dialog>
  );
}
