import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, Notice, Stack } from '../../ui';
import { useVisitorPrompt } from './visitor-prompt';

/**
 * A page only a signed-in person can use, met by a visitor: says why, opens the sign-in prompt once
 * (which brings them back here) and keeps a button to open it again.
 */
export function SignInNotice({ description }: { description: string }) {
  const prompt = useVisitorPrompt();
  useEffect(() => prompt.open({ description }), [prompt, description]);
  return (
    <Notice>
      <Stack gap="3">
        <span>{description}</span>
        <div>
          <Button onClick={() => prompt.open({ description })}>
            <Trans>Entrar para continuar</Trans>
          </Button>
        </div>
      </Stack>
    </Notice>
  );
}
