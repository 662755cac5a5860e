import { Trans } from '@lingui/react/macro';
import type { TeamEntry } from '../../../contracts/team-entry';
import { formatDate } from '../../app';
import * as s from './taxonomy/taxonomy.css';

/**
 * Who invited someone into the team and when they joined, beside their name wherever a change needs
 * two people: a second address invited by its own owner minutes before shows as such. Nothing for a
 * member who came without an invitation. `aside` puts it in brackets after a name in a sentence.
 */
export function JoinedNote({
  entry,
  aside = false,
}: {
  entry: TeamEntry | { invited_by: string | null; joined_at: string | null };
  aside?: boolean;
}) {
  const inviter = entry?.invited_by;
  if (!inviter || !entry.joined_at) return null;
  const when = formatDate(entry.joined_at);
  const note = (
    <Trans>
      entrou pelo convite de {inviter} em {when}
    </Trans>
  );
  return <span className={s.muted}>{aside ? <> ({note})</> : note}</span>;
}
