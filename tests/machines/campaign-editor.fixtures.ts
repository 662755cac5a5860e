import { emptyCampaignContent, type CampaignEditorData } from '../../contracts/admin-campaign-editor';

/** A draft campaign as the editor loads it ("Horta", saved once by Ana, nothing filled in but its title). */
export const draftEditor = (overrides: Partial<CampaignEditorData> = {}): CampaignEditorData => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'draft',
  version: 1,
  live_slug: 'horta',
  content: { ...emptyCampaignContent, title: 'Horta', slug: 'horta' },
  saved_at: '2026-11-25T12:00:00.000Z',
  saved_by: { name: 'Ana' },
  unpublished_changes: true,
  starts_at: null,
  ends_at: null,
  donation_count: 0,
  actions: ['publish', 'schedule', 'archive'],
  missing: ['summary', 'story', 'cover', 'category', 'organiser'],
  ...overrides,
});
