import { useSelector } from '@xstate/react';
import type { EditorSection, SectionValues } from '../../../../contracts/admin-campaign-editor';
import type { SectionContext } from '../../../../machines/admin/campaign-section.machine';
import { useSectionActor, type EditorActor } from './use-campaign-editor';

const EMPTY: Pick<SectionContext, 'values' | 'errors'> = { values: {}, errors: {} };

/** A section's values and errors (message ids by field), and how to change them: the section's machine keeps them. */
export function useSection<S extends EditorSection>(editor: EditorActor, section: S) {
  const actor = useSectionActor(editor, section);
  const { values, errors } = useSelector(actor, (s) => (s ? { values: s.context.values, errors: s.context.errors } : EMPTY)) ?? EMPTY;
  const checking = useSelector(actor, (s) => s?.hasTag('state:checking') ?? false) ?? false;
  return {
    values: values as SectionValues[S],
    errors,
    checking,
    change: (changes: Partial<SectionValues[S]>) => actor?.send({ type: 'field.changed', values: changes as Record<string, unknown> }),
  };
}
