import type { AdminSystem } from '../../contracts/admin-system';
import { createListMachine } from './list-machine';

/**
 * The admins' Sistema page (/admin/system; docs/admin.md, "Sistema"): what the server answers about itself
 * (alerts, queues, the last backup, versions, providers), read again at "Atualizar", and "Fazer backup agora"
 * where the server offers it. The shape is `createListMachine`'s:
 *
 *   loading ─► ready ──command.sent (refresh | back_up)──► saving ─► loading (what the server has now)
 *      ▼         └── refused (its reason in `failure`) ◄──────┘
 *   unavailable ──list.retried──► loading
 *
 * `done` says which command went through, so the page can say a backup was asked for.
 */

export type SystemCommand = { type: 'refresh' } | { type: 'back_up' };

// The type arguments say what the page holds before its first load (nothing yet), which `null` alone cannot.
export const systemMachine = createListMachine<object, AdminSystem | null, SystemCommand, unknown, SystemCommand['type']>({
  id: 'system',
  params: {},
  data: null,
  // Backing up is offered only when the server says it can.
  accepts: (command, data) => command.type === 'refresh' || data?.can_back_up_now === true,
  doneOf: (command) => command.type,
});

export type SystemMachine = typeof systemMachine;
