import {
  draftConflictSchema,
  sectionSchemas,
  type CampaignContent,
  type DraftConflict,
  type EditorSection,
} from '../../contracts/admin-campaign-editor';
import { rejectionField, rejectionStatus } from '../../contracts/rejection';

/** The campaign editor's pure rules (campaign-editor.machine.ts). */

export const same = (a: CampaignContent, b: CampaignContent): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A 409 carrying someone else's newer save (the API client puts it on the error as `current`, parsed by the contract). */
export const conflictOf = (error: unknown): DraftConflict['current'] | null => {
  if (rejectionStatus(error) !== 409) return null;
  const current = draftConflictSchema.shape.current.safeParse(rejectionField(error, 'current'));
  return current.success ? current.data : null;
};

/** A section's fields out of the whole content. */
export const sectionValues = (section: EditorSection, content: CampaignContent): Partial<CampaignContent> =>
  fieldsWhere(content, (field) => field in sectionSchemas[section].shape);

function fieldsWhere<Fields extends object>(fields: Fields, kept: (field: string) => boolean): Partial<Fields> {
  const picked: Partial<Fields> = {};
  for (const field in fields) if (kept(field)) picked[field] = fields[field];
  return picked;
}

/** The loaded campaign's id: saves, actions and restores only happen once the editor has loaded it. */
export function loadedId(context: { id: string | null }): string {
  if (context.id === null) throw new Error('campaign editor: no campaign loaded');
  return context.id;
}

/** What the state in flight was entered for (an action, a version to restore): set by the transition into it. */
export function requested<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`campaign editor: no ${what} requested`);
  return value;
}
