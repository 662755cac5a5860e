import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSystemSchema } from '../../contracts/admin-system';
import { permissions, userPermissions, systemAlerts } from '../../server/db/schema';
import { grantAdmin, newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * GET /admin/system (issue 51, item 3; docs/admin.md, "Sistema"): what an admin sees, and who may not see it:
 * anonymous 401, a donor 403, an account holding permissions without the ADMIN role 403.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let donor: Awaited<ReturnType<typeof newSession>>;
let notAdmin: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, donor, notAdmin] = [await newSession(ctx.app), await newSession(ctx.app), await newSession(ctx.app)];
  await grantAdmin(ctx, admin.user.id, []);
  // Permissions without the role: still not an admin.
  const [finances] = await ctx.database.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'MANAGE_FINANCES'));
  await ctx.database.db.insert(userPermissions).values({ userId: notAdmin.user.id, permissionId: finances!.id });
}, 240_000);
afterAll(() => ctx.close());

const read = (token?: string) => call(ctx.app, 'GET', '/api/v1/admin/system', undefined, token ? { token } : {});

describe('GET /admin/system', () => {
  it('shows an admin the open alerts, queues, backups, versions and providers', async () => {
    const now = ctx.clock.now();
    await ctx.database.db.insert(systemAlerts).values([
      { kind: 'queue_stuck', subject: 'mail', details: { depth: 3, oldest_due_age_s: 700 }, raisedAt: now, lastSeenAt: now, mailedAt: now },
      // Resolved: no longer shown.
      { kind: 'queue_stuck', subject: 'webhooks', details: {}, raisedAt: now, lastSeenAt: now, resolvedAt: now },
    ]);
    const answer = await read(admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const body = adminSystemSchema.parse(answer.json());
    expect(body.alerts).toEqual([
      expect.objectContaining({ kind: 'queue_stuck', subject: 'mail', details: { depth: 3, oldest_due_age_s: 700 } }),
    ]);
    expect(body.queues.map((queue) => queue.name)).toEqual(expect.arrayContaining(['mail', 'webhooks']));
    expect(body.backup).toMatchObject({ applies: ctx.database.kind === 'pglite', last: null, last_success_at: null });
    expect(body.versions).toMatchObject({ app: expect.stringMatching(/^\d+\.\d+\.\d+/), node: process.version });
    expect(body.versions.database.engine).toBe(ctx.database.kind === 'pglite' ? 'pglite' : 'postgresql');
    expect(body.versions.database.version).not.toBe('');
    expect(body.versions.migrations.applied).toBe(body.versions.migrations.known);
    expect(body.providers.map((provider) => provider.name)).toContain('sandbox');
  });

  it('answers 401 without a session, 403 to a donor and to permissions without the ADMIN role', async () => {
    expect((await read()).statusCode).toBe(401);
    expect((await read(donor.token)).statusCode).toBe(403);
    expect((await read(notAdmin.token)).statusCode).toBe(403);
  });
});
