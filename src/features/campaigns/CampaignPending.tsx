import { useLingui } from '@lingui/react/macro';
import { Container, Spinner } from '../../ui';

/**
 * Shown while a campaign route's data loads for longer than the router's pending delay. The router
 * keeps pending components in the entry chunk (every page loads them), so this one stays tiny and
 * uses no style file of its own.
 */
export function CampaignPending() {
  const { t } = useLingui();
  return (
    <Container style={{ display: 'flex', justifyContent: 'center', paddingBlock: '64px' }}>
      <Spinner label={t`Carregando`} />
    </Container>
  );
}
