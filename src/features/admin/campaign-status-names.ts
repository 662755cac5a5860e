import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CampaignStatus } from '../../../contracts/campaigns';

/** A campaign's lifecycle state as the admin pages name it. */
export const CAMPAIGN_STATUS_NAMES: Record<CampaignStatus, MessageDescriptor> = {
  draft: msg`Rascunho`,
  scheduled: msg`Agendada`,
  published: msg`Publicada`,
  paused: msg`Pausada`,
  ended: msg`Encerrada`,
  archived: msg`Arquivada`,
};
