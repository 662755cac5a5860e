import type { CampaignMessage } from '../../../contracts';
import { formatDate } from '../../app';
import { useDonorName } from './DonorList';
import * as s from './campaigns.css';

/** Messages of support newest first: who wrote (or 'Anônimo'), when, and what (plain text). */
export function MessageList({ messages }: { messages: readonly CampaignMessage[] }) {
  const donorName = useDonorName();
  return (
    <ul className={s.list}>
      {messages.map((message) => (
        <li key={message.id} className={s.listItem}>
          <p className={s.listHead}>
            <span className={s.name}>{donorName(message.donor_name)}</span>
            <time className={s.muted} dateTime={message.created_at}>
              {formatDate(message.created_at)}
            </time>
          </p>
          <p className={s.messageText}>{message.message}</p>
        </li>
      ))}
    </ul>
  );
}
