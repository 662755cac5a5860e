import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CampaignContent } from '../../../../contracts/admin-campaign-editor';

/** The content's fields by the names the editor shows them with. */
export const FIELD_NAMES: Record<keyof CampaignContent, MessageDescriptor> = {
  title: msg`Título`,
  slug: msg`Endereço`,
  summary: msg`Resumo`,
  category: msg`Categoria`,
  tags: msg`Tags`,
  story: msg`História`,
  cover_url: msg`Capa`,
  goal: msg`Meta`,
  ends_on: msg`Último dia`,
  organiser_name: msg`Organização`,
  share_title: msg`Título do link`,
  share_description: msg`Descrição do link`,
};

/** The fields where two contents differ, in the editor's order. */
export const changedFields = (a: CampaignContent, b: CampaignContent): Array<keyof CampaignContent> =>
  (Object.keys(FIELD_NAMES) as Array<keyof CampaignContent>).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));

/** A field's value as a line of text (a story by its words). */
export const fieldText = (content: CampaignContent, key: keyof CampaignContent): string => {
  const value = content[key];
  if (key === 'story')
    return String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160);
  if (Array.isArray(value)) return value.join(', ');
  return value === null || value === '' ? '—' : String(value);
};
