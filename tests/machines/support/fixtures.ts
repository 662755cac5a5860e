import type { PageView } from '../../../contracts';

export { makeAdmin, makeUser } from '../../support/users';

export const pageView = (path: string, second = 0): PageView => ({
  path,
  occurred_at: new Date(Date.UTC(2026, 10, 22, 12, 0, second)).toISOString(),
});
