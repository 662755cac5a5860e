import type { AxiosInstance } from 'axios';
import { invitationPreviewSchema, teamSchema, type InvitationPreview, type Team } from '../../../contracts/admin-team';
import { auditEntrySchema, type AuditEntry } from '../../../contracts/admin-taxonomy';
import type { TeamCommand, TeamRunOutcome } from '../../../machines/admin/team.machine';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The admin team and the invitation's own calls (docs/api.md). */
export function createAdminTeamApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    team: (): Promise<Team> => call(async () => teamSchema.parse((await http.get('/admin/team')).data)),
    /** One change; 'waiting' when the server keeps it for a second admin (202). */
    run: (command: TeamCommand): Promise<TeamRunOutcome> =>
      call(async () => {
        const path = (id: string) => encodeURIComponent(id);
        if (command.type === 'invite') await http.post('/admin/team/invitations', command.input);
        else if (command.type === 'revoke') await http.delete(`/admin/team/invitations/${path(command.invitationId)}`);
        else if (command.type === 'setPermissions') {
          const answer = await http.patch(`/admin/team/members/${path(command.memberId)}`, { permissions: command.permissions });
          return answer.status === 202 ? 'waiting' : 'done';
        } else if (command.type === 'remove') await http.delete(`/admin/team/members/${path(command.memberId)}`);
        else await http.post(`/admin/team/changes/${path(command.changeId)}/${command.type}`);
        return 'done';
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
