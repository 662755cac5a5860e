import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCategorySchema, adminTagSchema, auditEntrySchema } from '../../contracts/admin-taxonomy';
import { auditLog, campaigns, campaignTags, categories, tags } from '../../server/db/schema';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The admins' categories and tags (issue 13) and the audit log: each call's happy path, its bad
 * inputs (a clear message, nothing written), its permissions (MANAGE_CAMPAIGNS; the log MANAGE_TEAM),
 * and every change on record with who, from where, before and after.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let auditor: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, ['MANAGE_CAMPAIGNS']);
  auditor = await newSession(ctx.app);
  await grantAdmin(ctx, auditor.user.id, ['MANAGE_TEAM']);
});
afterAll(() => ctx.close());

const as = (token: string) => ({ token, headers: { 'x-forwarded-for': '203.0.113.7' } });
const db = () => ctx.database.db;
const auditCount = async () =>
  Number(
    (
      await db()
        .select({ n: sql`count(*)` })
        .from(auditLog)
    )[0]?.n,
  );
const categoriesNow = async () =>
  adminCategorySchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/categories', undefined, as(admin.token))).json());

describe('admin categories', () => {
  it('creates, renames and reorders categories, each change audited with who, from where, before and after', async () => {
    const createdAt = await auditCount();
    const made = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/categories',
      { name: 'Educação & Cultura', name_en: 'Education' },
      as(admin.token),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ slug: 'educacao-cultura' });
    const second = await call(ctx.app, 'POST', '/api/v1/admin/categories', { name: 'Educação  Cultura ' }, as(admin.token));
    expect(second.json()).toEqual({ slug: 'educacao-cultura-2' });

    const renamed = await call(
      ctx.app,
      'PATCH',
      '/api/v1/admin/categories/educacao-cultura-2',
      { name: 'Arte', name_en: 'Art', name_es: 'Arte' },
      as(admin.token),
    );
    expect(renamed.statusCode).toBe(204);
    const list = await categoriesNow();
    expect(list.find((c) => c.slug === 'educacao-cultura-2')).toMatchObject({
      name: 'Arte',
      name_en: 'Art',
      name_es: 'Arte',
      campaign_count: 0,
    });

    const reversed = list.map((c) => c.slug).reverse();
    expect((await call(ctx.app, 'PUT', '/api/v1/admin/categories/order', { slugs: reversed }, as(admin.token))).statusCode).toBe(204);
    expect((await categoriesNow()).map((c) => c.slug)).toEqual(reversed);
    // The public list follows the admins' order.
    const publicList = (await call(ctx.app, 'GET', '/api/v1/categories')).json() as Array<{ slug: string }>;
    expect(publicList.map((c) => c.slug).filter((slug) => reversed.includes(slug))).toEqual(reversed);

    expect(await auditCount()).toBe(createdAt + 4);
    const log = auditEntrySchema
      .array()
      .parse(
        (
          await call(
            ctx.app,
            'GET',
            '/api/v1/admin/audit-log?subject_type=category&subject_id=educacao-cultura-2',
            undefined,
            as(auditor.token),
          )
        ).json(),
      );
    expect(log.map((e) => e.action)).toEqual(['category.renamed', 'category.created']);
    expect(log[0]).toMatchObject({
      actor: { id: admin.user.id, email: admin.input.email },
      before: { name: 'Educação  Cultura', name_en: '', name_es: '' },
      after: { name: 'Arte', name_en: 'Art', name_es: 'Arte' },
    });
    expect(log[0]?.ip).toMatch(/^(203\.0\.113\.7|127\.0\.0\.1)$/);
    // Each entry names its subject in words, in the reader's language: never only a slug or an id.
    expect(log.map((e) => e.subject_name)).toEqual(['Arte', 'Arte']);
    const inEnglish = auditEntrySchema.array().parse(
      (
        await call(ctx.app, 'GET', '/api/v1/admin/audit-log?subject_type=category&subject_id=educacao-cultura-2', undefined, {
          ...as(auditor.token),
          locale: 'en',
        })
      ).json(),
    );
    expect(inEnglish[0]?.subject_name).toBe('Art');
  });

  it('a category with campaigns is deleted only by saying where they go, and they all move', async () => {
    const from = (await call(ctx.app, 'POST', '/api/v1/admin/categories', { name: 'Saúde mental' }, as(admin.token))).json().slug as string;
    const into = (await call(ctx.app, 'POST', '/api/v1/admin/categories', { name: 'Saúde' }, as(admin.token))).json().slug as string;
    const [fromRow] = await db().select().from(categories).where(eq(categories.slug, from));
    const one = await createCampaign(db(), { categoryId: fromRow!.id });
    const two = await createCampaign(db(), { categoryId: fromRow!.id, status: 'draft' });
    const before = await auditCount();

    const refused = await call(ctx.app, 'DELETE', `/api/v1/admin/categories/${from}`, undefined, as(admin.token));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'category.in_use',
      message: 'Esta categoria tem campanhas: escolha para qual categoria elas vão antes de apagá-la.',
    });
    const toItself = await call(ctx.app, 'DELETE', `/api/v1/admin/categories/${from}?move_to=${from}`, undefined, as(admin.token));
    expect(toItself.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);

    const deleted = await call(ctx.app, 'DELETE', `/api/v1/admin/categories/${from}?move_to=${into}`, undefined, as(admin.token));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ campaigns: 2 });
    const [target] = await db().select().from(categories).where(eq(categories.slug, into));
    const moved = await db()
      .select({ categoryId: campaigns.categoryId })
      .from(campaigns)
      .where(sql`${campaigns.id} in (${one.id}, ${two.id})`);
    expect(moved.every((row) => row.categoryId === target!.id)).toBe(true);
    expect(await db().select().from(categories).where(eq(categories.slug, from))).toEqual([]);
    expect(await auditCount()).toBe(before + 1);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await auditCount();
    const count = (await categoriesNow()).length;
    const cases: Array<[string, string, unknown, number, unknown]> = [
      ['POST', '/api/v1/admin/categories', { name: '' }, 400, ['O nome é obrigatório']],
      ['POST', '/api/v1/admin/categories', { name: 'x'.repeat(61) }, 400, ['O nome deve ter no máximo 60 caracteres']],
      ['POST', '/api/v1/admin/categories', { name: 'nul\u0000byte' }, 400, undefined],
      ['POST', '/api/v1/admin/categories', { name: 'Arte' }, 409, 'Já existe uma categoria com esse nome.'],
      ['PATCH', '/api/v1/admin/categories/nao-existe', { name: 'Qualquer' }, 404, 'Categoria não encontrada.'],
      ['PUT', '/api/v1/admin/categories/order', { slugs: ['arte'] }, 400, 'A nova ordem precisa ter cada categoria uma vez.'],
    ];
    for (const [method, url, body, status, message] of cases) {
      const answer = await call(ctx.app, method as 'POST', url, body, as(admin.token));
      expect(answer.statusCode, `${method} ${url} ${answer.body}`).toBe(status);
      if (message !== undefined) expect(answer.json().message).toEqual(message);
    }
    expect((await categoriesNow()).length).toBe(count);
    expect(await auditCount()).toBe(before);
  });

  it('answers in English too', async () => {
    const answer = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/categories',
      { name: '' },
      { ...as(admin.token), headers: { 'accept-language': 'en' } },
    );
    expect(answer.json().message).toEqual(['The name is required']);
  });
});

describe('admin tags', () => {
  it('creates and renames tags; merging moves every campaign to the other tag once; a tag in use is merged, not deleted', async () => {
    const a = (await call(ctx.app, 'POST', '/api/v1/admin/tags', { name: 'Crianças' }, as(admin.token))).json().slug as string;
    const b = (await call(ctx.app, 'POST', '/api/v1/admin/tags', { name: 'Infância' }, as(admin.token))).json().slug as string;
    expect([a, b]).toEqual(['criancas', 'infancia']);
    const [tagA] = await db().select().from(tags).where(eq(tags.slug, a));
    const [tagB] = await db().select().from(tags).where(eq(tags.slug, b));
    const both = await createCampaign(db());
    const onlyA = await createCampaign(db());
    await db()
      .insert(campaignTags)
      .values([
        { campaignId: both.id, tagId: tagA!.id },
        { campaignId: both.id, tagId: tagB!.id },
        { campaignId: onlyA.id, tagId: tagA!.id },
      ]);

    const inUse = await call(ctx.app, 'DELETE', `/api/v1/admin/tags/${a}`, undefined, as(admin.token));
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('Esta tag está em campanhas: junte-a a outra tag em vez de apagá-la.');
    expect((await call(ctx.app, 'POST', '/api/v1/admin/tags/merge', { from: a, into: a }, as(admin.token))).statusCode).toBe(400);

    const merged = await call(ctx.app, 'POST', '/api/v1/admin/tags/merge', { from: a, into: b }, as(admin.token));
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ campaigns: 2 });
    const list = adminTagSchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/tags', undefined, as(admin.token))).json());
    expect(list.find((t) => t.slug === a)).toBeUndefined();
    expect(list.find((t) => t.slug === b)?.campaign_count).toBe(2);

    expect((await call(ctx.app, 'PATCH', `/api/v1/admin/tags/${b}`, { name: 'Infância e juventude' }, as(admin.token))).statusCode).toBe(
      204,
    );
    const unused = (await call(ctx.app, 'POST', '/api/v1/admin/tags', { name: 'Sem uso' }, as(admin.token))).json().slug as string;
    expect((await call(ctx.app, 'DELETE', `/api/v1/admin/tags/${unused}`, undefined, as(admin.token))).statusCode).toBe(204);
    const log = auditEntrySchema
      .array()
      .parse(
        (await call(ctx.app, 'GET', '/api/v1/admin/audit-log?subject_type=tag&action=tag.merged', undefined, as(auditor.token))).json(),
      );
    // The merged tag is gone: its entry keeps the name it had.
    expect(log[0]).toMatchObject({
      subject_id: a,
      subject_name: 'Crianças',
      after: { merged_into: b },
      before: { name: 'Crianças', campaigns: 2 },
    });
  });
});

describe('permissions', () => {
  const calls: Array<[string, string, unknown]> = [
    ['GET', '/api/v1/admin/categories', undefined],
    ['POST', '/api/v1/admin/categories', { name: 'Proibida' }],
    ['PATCH', '/api/v1/admin/categories/arte', { name: 'Proibida' }],
    ['PUT', '/api/v1/admin/categories/order', { slugs: ['arte'] }],
    ['DELETE', '/api/v1/admin/categories/arte', undefined],
    ['GET', '/api/v1/admin/tags', undefined],
    ['POST', '/api/v1/admin/tags', { name: 'Proibida' }],
    ['PATCH', '/api/v1/admin/tags/infancia', { name: 'Proibida' }],
    ['POST', '/api/v1/admin/tags/merge', { from: 'infancia', into: 'arte' }],
    ['DELETE', '/api/v1/admin/tags/infancia', undefined],
  ];

  it('every call needs ADMIN with MANAGE_CAMPAIGNS: a donor, or an admin without it, gets 403 and nothing changes', async () => {
    const donor = await newSession(ctx.app);
    const before = await auditCount();
    for (const [method, url, body] of calls) {
      expect((await call(ctx.app, method as 'GET', url, body)).statusCode, `${method} ${url} as a guest`).toBe(401);
      expect((await call(ctx.app, method as 'GET', url, body, as(donor.token))).statusCode, `${method} ${url} as a donor`).toBe(403);
      expect((await call(ctx.app, method as 'GET', url, body, as(auditor.token))).statusCode, `${method} ${url} without it`).toBe(403);
    }
    expect(await auditCount()).toBe(before);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/audit-log', undefined, as(admin.token))).statusCode).toBe(403);
  });

  it('a permission taken away stops working on the next request, not at the next sign-in', async () => {
    const colleague = await newSession(ctx.app);
    await grantAdmin(ctx, colleague.user.id, ['MANAGE_CAMPAIGNS']);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/tags', undefined, as(colleague.token))).statusCode).toBe(200);
    await db().execute(sql`delete from user_permissions where user_id = ${colleague.user.id}`);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/tags', undefined, as(colleague.token))).statusCode).toBe(403);
  });

  it('the audit log is append-only: the database refuses to change, delete or truncate it', async () => {
    const before = await auditCount();
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    const truncated = await db()
      .execute(sql`truncate audit_log`)
      .then(
        () => null,
        (error: Error) => String(error.cause ?? error),
      );
    expect(truncated).toMatch(/audit_log is append-only/);
    expect(await auditCount()).toBe(before);
  });
});
