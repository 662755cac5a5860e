import type { AxiosInstance } from 'axios';
import { invitationPreviewSchema, teamSchema, type InvitationPreview, type Team } from '../../../contracts/admin-team';
import { auditEntrySchema, type AuditEntry } from '../../../contracts/admin-taxonomy';
import type { TeamCommand } from '../../../machines/admin/team.machine';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The admin team and the invitation's own calls (docs/api.md). */
export function createAdminTeamApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    team: (): Promise<Team> => call(async () => teamSchema.parse((await http.get('/admin/team')).data)),
    run: (command: TeamCommand): Promise<void> =>
      call(async () => {
        if (command.type === 'invite') await http.post('/admin/team/invitations', command.input);
        else if (command.type === 'revoke') await http.delete(`/admin/team/invitations/${encodeURIComponent(command.invitationId)}`);
        else if (command.type === 'setPermissions')
          await http.patch(`/admin/team/members/${encodeURIComponent(command.memberId)}`, { permissions: command.permissions });
        else await http.delete(`/admin/team/members/${encodeURIComponent(command.memberId)}`);
      }),
    /** GET /admin/audit-log: a page of the change history, newest first, and how many entries match. */
    audit: (query: {
      subject_type?: string;
      subject_id?: string;
      action?: string;
      page?: number;
      amount?: number;
    }): Promise<{ entries: AuditEntry[]; total: number }> =>
      call(async () => {
        const response = await http.get('/admin/audit-log', { params: query });
        return { entries: auditEntrySchema.array().parse(response.data), total: Number(response.headers['x-total-count'] ?? 0) };
      }),
    invitation: (token: string): Promise<InvitationPreview> =>
      call(async () => invitationPreviewSchema.parse((await http.get(`/team-invitations/${encodeURIComponent(token)}`)).data)),
    accept: (token: string): Promise<void> =>
      call(async () => {
        await http.post('/team-invitations/accept', { token });
      }),
  };
}

export const adminTeamApi = createAdminTeamApi(defaultHttp);
