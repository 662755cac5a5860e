import { useLingui } from '@lingui/react';
import type { DefinitionIssue } from '../../../machines/gift-card/gift-card-definition.machine';

/** The translated message the machine gave for a field ('value', 'recipients' list: ''), or undefined. */
export function useIssueText(issues: readonly DefinitionIssue[]): (path: string) => string | undefined {
  const { i18n } = useLingui();
  return (path) => {
    const issue = issues.find((candidate) => candidate.path === path);
    return issue ? i18n._(issue.message) : undefined;
  };
}
