import { useLingui } from '@lingui/react/macro';
import { Container, visuallyHidden } from '../../ui';

const block = (height: string, width = '100%') => ({ height, width, borderRadius: '8px', background: '#E8F4EE' });

/**
 * Shown while a campaign route's data loads for longer than the router's pending delay: the page's
 * shape (cover, title, organiser), so what arrives takes the place it held instead of pushing the
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
      <div aria-hidden="true">
        <div style={{ ...block('auto'), aspectRatio: '16 / 9', maxHeight: '50vh' }} />
        <div style={{ ...block('28px', '70%'), marginTop: '24px' }} />
        <div style={{ ...block('16px', '45%'), marginTop: '12px' }} />
      </div>
    </Container>
  );
}
