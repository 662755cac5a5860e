import { msg } from '@lingui/core/macro';
import type { OrganisationProfileData, OrganisationProfileInput } from '../../../../contracts/organisation';
import { useSubmission } from '../../../app/forms/use-submission';
import { i18n } from '../../../app/i18n/catalogs';
import { toast } from '../../../app/toast';
import { organisationApi } from '../../../lib/api/organisation';

/** PUT /admin/organization; the form says a failure, a toast that it was saved. Tests pass their own `save`. */
export function useSaveOrganisation(onSaved: (saved: OrganisationProfileData) => void, save = organisationApi.save) {
  return useSubmission<OrganisationProfileInput, OrganisationProfileData>({
    submit: (values) => save(values),
    onSuccess: (saved) => {
      toast.success(i18n._(msg`Dados da organização salvos.`));
      onSaved(saved);
    },
  });
}
