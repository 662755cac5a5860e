import { isAxiosError, type AxiosInstance } from 'axios';
import {
  campaignEditorSchema,
  campaignVersionSchema,
  draftConflictSchema,
  draftSavedSchema,
  slugCheckSchema,
  uploadedImageSchema,
  type CampaignAction,
  type CampaignContent,
  type CampaignEditorData,
  type DraftConflict,
  type DraftSaved,
  type SlugCheck,
  type UploadedImage,
} from '../../../contracts/admin-campaign-editor';
import { auditEntrySchema } from '../../../contracts/admin-taxonomy';
import { campaignDetailSchema, type CampaignDetail } from '../../../contracts/campaigns';
import type { EditorLoaded } from '../../../machines/admin/campaign-editor.machine';
import { ApiRequestError, withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** A save over someone else's newer one: the error carries theirs, for the editor to show both. */
export class DraftConflictError extends ApiRequestError {
  readonly current: DraftConflict['current'];
  constructor(conflict: DraftConflict) {
    super({ status: 409, code: conflict.code, messages: [conflict.message] });
    this.current = conflict.current;
  }
}

/** The campaign editor's calls (docs/api.md, /admin/campaigns…). */
export function createAdminCampaignsApi(http: AxiosInstance) {
  const call = withApiErrors;
  const id = (value: string) => encodeURIComponent(value);
  /** A save or restore: a 409 with the newer save becomes a DraftConflictError. */
  const saving = (run: () => Promise<unknown>): Promise<DraftSaved> =>
    call(async () => {
      try {
        return draftSavedSchema.parse(await run());
      } catch (error) {
        // The client's interceptor has already made it an ApiRequestError: the answer is its cause's.
        const cause: unknown = error instanceof Error && !isAxiosError(error) ? error.cause : error;
        const conflict = isAxiosError(cause) ? draftConflictSchema.safeParse(cause.response?.data) : null;
        throw conflict?.success ? new DraftConflictError(conflict.data) : error;
      }
    });
  const upload = (path: string, file: Blob): Promise<UploadedImage> =>
    call(async () =>
      uploadedImageSchema.parse((await http.post(path, file, { headers: { 'content-type': 'application/octet-stream' } })).data),
    );
  return {
    create: (title: string): Promise<CampaignEditorData> =>
      call(async () => campaignEditorSchema.parse((await http.post('/admin/campaigns', { title })).data)),
    /** The editor, its versions and its history: everything the editor page shows. */
    load: (slugOrId: string): Promise<EditorLoaded> =>
      call(async () => {
        const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(slugOrId);
        const editor = campaignEditorSchema.parse(
          (await (isId ? http.get(`/admin/campaigns/${id(slugOrId)}`) : http.get('/admin/campaign-editor', { params: { slug: slugOrId } })))
            .data,
        );
        const [versions, audit] = await Promise.all([
          http.get(`/admin/campaigns/${editor.id}/versions`),
          http.get(`/admin/campaigns/${editor.id}/audit`),
        ]);
        return { editor, versions: campaignVersionSchema.array().parse(versions.data), audit: auditEntrySchema.array().parse(audit.data) };
      }),
    save: (input: { id: string; version: number; content: CampaignContent }): Promise<DraftSaved> =>
      saving(
        async () => (await http.put(`/admin/campaigns/${id(input.id)}/draft`, { version: input.version, content: input.content })).data,
      ),
    act: (input: { id: string; version: number; action: CampaignAction; publishAt?: string }): Promise<CampaignEditorData> =>
      call(async () =>
        campaignEditorSchema.parse(
          (
            await http.post(`/admin/campaigns/${id(input.id)}/lifecycle`, {
              action: input.action,
              version: input.version,
              ...(input.publishAt ? { publish_at: input.publishAt } : {}),
            })
          ).data,
        ),
      ),
    restore: (input: { id: string; version: number; number: number }): Promise<DraftSaved> =>
      saving(
        async () => (await http.post(`/admin/campaigns/${id(input.id)}/versions/${input.number}/restore`, { version: input.version })).data,
      ),
    checkSlug: (slug: string, campaignId: string): Promise<SlugCheck> =>
      call(async () =>
        slugCheckSchema.parse((await http.get(`/admin/campaign-slugs/${id(slug)}`, { params: { campaign: campaignId } })).data),
      ),
    preview: (campaignId: string): Promise<CampaignDetail> =>
      call(async () => campaignDetailSchema.parse((await http.get(`/admin/campaigns/${id(campaignId)}/preview`)).data)),
    uploadCover: (file: Blob, focus: { x: number; y: number }): Promise<UploadedImage> =>
      upload(`/admin/campaign-covers?focus_x=${focus.x.toFixed(3)}&focus_y=${focus.y.toFixed(3)}`, file),
    uploadStoryImage: (file: Blob): Promise<UploadedImage> => upload('/admin/story-images', file),
  };
}

export const adminCampaignsApi = createAdminCampaignsApi(defaultHttp);
