import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { adminMessages as am } from '../../../../contracts/admin-messages';
import type { EditorSection, UploadedImage } from '../../../../contracts/admin-campaign-editor';
import { campaignEditorMachine, type CampaignEditorMachine } from '../../../../machines/admin/campaign-editor.machine';
import {
  campaignSectionMachine,
  type CheckInput,
  type SectionErrors,
  type UploadInput,
} from '../../../../machines/admin/campaign-section.machine';
import { inspected } from '../../../lib/inspect';
import { adminCampaignsApi } from '../../../lib/api/admin-campaigns';

export type EditorActor = ActorRefFrom<CampaignEditorMachine>;
export type SectionActor = ActorRefFrom<typeof campaignSectionMachine>;

/** What the editor page shows of its machine. */
export const selectEditor = (snapshot: SnapshotFrom<CampaignEditorMachine>) => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  notFound: snapshot.hasTag('state:notFound'),
  editing: snapshot.hasTag('state:editing'),
  unsaved: snapshot.hasTag('state:unsaved'),
  saving: snapshot.hasTag('state:saving'),
  blocked: snapshot.hasTag('state:invalid'),
  failed: snapshot.hasTag('state:failed'),
  conflicted: snapshot.hasTag('state:conflict'),
  acting: snapshot.hasTag('state:acting'),
  context: snapshot.context,
});

/** The editor's machine for one campaign (by slug), on the admin API, inspectable in development. */
export function useCampaignEditor(slug: string): EditorActor {
  const [machine] = useState(() =>
    campaignEditorMachine.provide({
      actors: {
        // The basics ask the server whether the slug is free (the others have nothing to check remotely);
        // the cover and the story send their pictures.
        section: campaignSectionMachine.provide({
          actors: {
            check: fromPromise<SectionErrors, CheckInput>(async ({ input }) => {
              const wanted = String(input.values.slug ?? '');
              const free = !wanted || !input.campaignId || (await adminCampaignsApi.checkSlug(wanted, input.campaignId)).available;
              const errors: SectionErrors = free ? {} : { slug: am.slugTaken.id };
              return errors;
            }),
            upload: fromPromise<UploadedImage, UploadInput>(({ input }) =>
              input.section === 'cover'
                ? adminCampaignsApi.uploadCover(input.file, input.focus)
                : adminCampaignsApi.uploadStoryImage(input.file),
            ),
          },
        }),
        load: fromPromise(({ input }) => adminCampaignsApi.load(input.slug)),
        save: fromPromise(({ input }) => adminCampaignsApi.save(input)),
        act: fromPromise(({ input }) => adminCampaignsApi.act(input)),
        restore: fromPromise(({ input }) => adminCampaignsApi.restore(input)),
      },
    }),
  );
  return useActorRef(machine, inspected({ input: { slug } }));
}

/** A section's child actor, while the editor is editing. */
export const useSectionActor = (editor: EditorActor, section: EditorSection): SectionActor | undefined =>
  useSelector(editor, (s) => s.children[section] as SectionActor | undefined);
