import { Trans } from '@lingui/react/macro';
import type { OrganisationPublic } from '../../../contracts/organisation';
import { maskCnpj } from '../../app/forms/masks';
import * as s from './pages.css';

/**
 * The controller and how to reach its DPO (LGPD art. 41), as the organisation's page records them
 * (docs/privacy.md, "Organização"). Nothing while nothing is on record: the policy's own text names the channel.
 */
export function DpoContact({ organisation }: { organisation: OrganisationPublic | null }) {
  if (!organisation || organisation.dpo_contact === '') return null;
  const cnpj = maskCnpj(organisation.cnpj);
  const legalName = organisation.legal_name;
  return (
    <section aria-labelledby="dpo-contact-title" className={s.contactBox}>
      <h2 id="dpo-contact-title">
        <Trans>Encarregado de proteção de dados (DPO)</Trans>
      </h2>
      {legalName ? (
        <p>
          <Trans>
            Controladora: {legalName}, CNPJ {cnpj}.
          </Trans>
        </p>
      ) : null}
      <p className={s.preLine}>{organisation.dpo_contact}</p>
    </section>
  );
}
