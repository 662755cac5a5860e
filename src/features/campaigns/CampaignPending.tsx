import { useLingui } from '@lingui/react/macro';
import { Container, visuallyHidden } from '../../ui';

/**
 * Shown while a campaign route's data loads for longer than the router's pending delay: the cover's
 * place (the page's largest part), so what arrives takes the room it held instead of pushing the
 * footer. The router keeps pending components in the entry chunk (every page loads them), so this
 * one stays tiny and uses no style file of its own.
 */
export function CampaignPending() {
  const { t } = useLingui();
  return (
    <Container>
      <span role="status" className={visuallyHidden}>
        {t`Carregando`}
      </span>
      <div aria-hidden="true" style={{ aspectRatio: '16 / 9', maxHeight: '50vh', borderRadius: '12px', background: '#E8F4EE' }} />
    </Container>
  );
}
