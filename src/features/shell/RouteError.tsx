import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button, Container, Stack } from '../../ui';

/** Shown when a route fails to load or render. The error is logged, the page offers a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container narrow>
      <Stack gap="4">
        <h1>
          <Trans>Algo deu errado</Trans>
        </h1>
        <p>
          <Trans>Não conseguimos abrir esta página. Verifique sua conexão e tente de novo.</Trans>
        </p>
        <div>
          <Button onClick={() => reset()}>
            <Trans>Tentar de novo</Trans>
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
