import type { CorporateDefinitionContext, CorporateDefinitionOutput } from './corporate-definition-types';
import { staleScheduleIssues } from './gift-card-definition.machine';

/**
 * Where the corporate definition starts when opened again with the definition confirmed before (back
 * from the checkout): its card; if its scheduled send has passed since (`checkedAt`), also its
 * spreadsheet and logo, on the shipping step with why.
 */

/** The definition confirmed before (back from the checkout) and the moment it is opened again. */
export type CorporateDefinitionInput = { definition?: CorporateDefinitionOutput | null; checkedAt?: string } | undefined;

/** Where a definition from before starts: its card; with a scheduled send passed since, also its recipients and logo, on the shipping step. */
export function startingContext(
  input: CorporateDefinitionInput,
): Pick<CorporateDefinitionContext, 'design' | 'preview' | 'sheet' | 'shipping' | 'logo' | 'issues'> {
  const definition = input?.definition ?? null;
  const recipients = definition?.recipients;
  const issues = recipients?.source === 'sheet' ? staleScheduleIssues(recipients.shipping, input?.checkedAt) : [];
  if (!definition || recipients?.source !== 'sheet' || issues.length === 0)
    return { design: definition?.design ?? null, preview: null, sheet: null, shipping: null, logo: null, issues: [] };
  return {
    design: definition.design,
    preview: { fileName: recipients.file_name, accepted: recipients.count, sample: [], rejected: [] },
    sheet: { id: recipients.sheet_id, accepted: recipients.count },
    shipping: recipients.shipping,
    logo: definition.logo,
    issues,
  };
}
