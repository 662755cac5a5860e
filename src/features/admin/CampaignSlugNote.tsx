import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function CampaignSlugNote({ slug }: { slug: string }) {
  return (
    <p>
      <Trans>
        Campanha:{' '}
        <Link to="/$slug" params={{ slug }}>
          /{slug}
        </Link>
      </Trans>
    </p>
  );
}
