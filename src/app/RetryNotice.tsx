import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, Notice, Stack } from '../ui';

/**
 * Something failed that trying again may fix: what happened, and "Tentar de novo" (the same words and
 * look wherever it appears). Without `onRetry` only the message shows.
 */
export function RetryNotice({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <Notice tone="error">
      <Stack gap="3">
        <span>{children}</span>
        {onRetry ? (
          <div>
            <Button variant="secondary" onClick={onRetry}>
              <Trans>Tentar de novo</Trans>
            </Button>
          </div>
        ) : null}
      </Stack>
    </Notice>
  );
}
