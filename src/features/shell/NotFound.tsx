import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../app';
import { buttonClass, Container, Stack } from '../../ui';

export function NotFound() {
  const { t } = useLingui();
  usePageTitle(t`Página não encontrada`);
  return (
    <Container narrow>
      <Stack gap="4">
        <h1>
          <Trans>Página não encontrada</Trans>
        </h1>
        <p>
          <Trans>O endereço pode ter mudado ou a campanha pode ter terminado. Que tal procurar outra causa?</Trans>
        </p>
        <div>
          <Link to="/search" className={buttonClass()}>
            <Trans>Ver campanhas</Trans>
          </Link>
        </div>
      </Stack>
    </Container>
  );
}
