import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignEditorSchema,
  campaignVersionSchema,
  draftConflictSchema,
  draftSavedSchema,
  type CampaignContent,
  type CampaignEditorData,
} from '../../contracts/admin-campaign-editor';
import { auditEntrySchema } from '../../contracts/admin-taxonomy';
import { auditLog, campaigns } from '../../server/db/schema';
import { runCampaignSchedule } from '../../server/services/admin/campaign-lifecycle';
import { insertCategory, insertTag } from './helpers/campaign-fixtures';
import { grantAdmin, newSession } from './helpers/fixtures';
import { donationBody, give } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The campaign editor's API (issue 13): drafts over an optimistic-lock version (409 with the newer save),
 * the lifecycle and its guards, the scheduler on a controllable clock, slugs and their redirects,
 * versions, preview, covers (and their attacks), and MANAGE_CAMPAIGNS on every call.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let colleague: Awaited<ReturnType<typeof newSession>>;
let category: { slug: string };
let tag: { slug: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app, { name: 'Ana Editora' });
  colleague = await newSession(ctx.app, { name: 'Bruno Revisor' });
  await grantAdmin(ctx, admin.user.id, ['MANAGE_CAMPAIGNS']);
  await grantAdmin(ctx, colleague.user.id, ['MANAGE_CAMPAIGNS']);
  category = await insertCategory(ctx.database.db, 'Fome');
  tag = await insertTag(ctx.database.db, 'Cozinha');
});
afterAll(() => ctx.close());

const as = (token: string) => ({ token, headers: { 'x-forwarded-for': '203.0.113.9' } });
const db = () => ctx.database.db;
const auditCount = async () =>
  Number(
    (
      await db()
        .select({ n: sql`count(*)` })
        .from(auditLog)
    )[0]?.n,
  );

async function create(title: string, token = admin.token): Promise<CampaignEditorData> {
  const answer = await call(ctx.app, 'POST', '/api/v1/admin/campaigns', { title }, as(token));
  expect(answer.statusCode, answer.body).toBe(201);
  return campaignEditorSchema.parse(answer.json());
}
const save = (id: string, version: number, content: CampaignContent, token = admin.token) =>
  call(ctx.app, 'PUT', `/api/v1/admin/campaigns/${id}/draft`, { version, content }, as(token));
const act = (id: string, version: number, action: string, extra: object = {}) =>
  call(ctx.app, 'POST', `/api/v1/admin/campaigns/${id}/lifecycle`, { action, version, ...extra }, as(admin.token));
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
const upload = (bytes: Buffer, path = '/api/v1/admin/campaign-covers?focus_x=0.2&focus_y=0.5', type = 'image/png', token = admin.token) =>
  ctx.app.inject({ method: 'POST', url: path, payload: bytes, headers: { 'content-type': type, authorization: `Bearer ${token}` } });

let coverUrl = '';
async function complete(title: string): Promise<{ editor: CampaignEditorData; content: CampaignContent; version: number }> {
  const editor = await create(title);
  if (!coverUrl) coverUrl = (await upload(await pngOf(1600, 1200))).json().url;
  const content: CampaignContent = {
    ...editor.content,
    summary: 'Refeições para 200 famílias.',
    story: '<h2>Por quê</h2><p>Veja <a href="https://exemplo.org">o relatório</a>.</p>',
    cover_url: coverUrl,
    category: category.slug,
    tags: [tag.slug],
    goal: 500_000,
    organiser_name: 'Cozinha Viva',
  };
  const saved = await save(editor.id, editor.version, content);
  expect(saved.statusCode, saved.body).toBe(200);
  return { editor, content, version: draftSavedSchema.parse(saved.json()).version };
}

describe('drafts', () => {
  it('creates a draft with a slug from its title, saves it over its version, and answers a stale save with the newer one', async () => {
    const editor = await create('Cozinha Solidária — Recife');
    expect(editor).toMatchObject({
      status: 'draft',
      version: 1,
      content: { title: 'Cozinha Solidária — Recife', slug: 'cozinha-solidaria-recife' },
    });
    expect(editor.missing).toEqual(['summary', 'story', 'cover', 'category', 'organiser']);
    expect(editor.actions).toEqual(['publish', 'schedule', 'archive']);

    const mine = { ...editor.content, summary: 'A minha versão.' };
    const first = await save(editor.id, 1, mine);
    expect(first.statusCode, first.body).toBe(200);
    expect(draftSavedSchema.parse(first.json()).version).toBe(2);

    // The colleague edited from version 1 as well: their save finds mine and writes nothing.
    const before = await auditCount();
    const stale = await save(editor.id, 1, { ...editor.content, summary: 'A versão do Bruno.' }, colleague.token);
    expect(stale.statusCode).toBe(409);
    const conflict = draftConflictSchema.parse(stale.json());
    expect(conflict.message).toBe('Outra pessoa salvou esta campanha depois que você começou a editar. Escolha qual versão manter.');
    expect(conflict.current).toMatchObject({ version: 2, content: { summary: 'A minha versão.' }, saved_by: { name: 'Ana Editora' } });
    expect(await auditCount()).toBe(before);
    // Choosing theirs is a save over the version the conflict showed.
    expect(
      (await save(editor.id, conflict.current.version, { ...editor.content, summary: 'A versão do Bruno.' }, colleague.token)).statusCode,
    ).toBe(200);
    const reread = campaignEditorSchema.parse(
      (await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json(),
    );
    expect(reread).toMatchObject({ version: 3, content: { summary: 'A versão do Bruno.' }, saved_by: { name: 'Bruno Revisor' } });
    // Found by its slug too (the editor's address).
    const bySlug = await call(ctx.app, 'GET', `/api/v1/admin/campaign-editor?slug=${editor.live_slug}`, undefined, as(admin.token));
    expect(bySlug.json()).toMatchObject({ id: editor.id });
  });

  it('refuses bad drafts with a clear message and writes nothing', async () => {
    const editor = await create('Biblioteca no Capão');
    const before = await auditCount();
    const cases: Array<[Partial<CampaignContent> | Record<string, unknown>, number, string]> = [
      [{ title: 'A\u0000B' }, 400, 'Este campo contém caracteres inválidos'],
      [{ title: 'x'.repeat(121) }, 400, 'O título deve ter no máximo 120 caracteres'],
      [{ slug: 'Com Espaço' }, 400, 'O endereço deve ter apenas letras minúsculas sem acento, números e hífens'],
      [{ goal: 50 }, 400, 'A meta deve ser de pelo menos R$ 1,00'],
      [{ ends_on: '2026-02-31x' }, 400, 'Informe uma data de término válida'],
      [{ cover_url: 'https://elsewhere.example/x.jpg' }, 400, 'Envie a capa pelo editor'],
      [{ category: 'nao-existe' }, 400, 'Escolha uma categoria da lista.'],
      [{ tags: ['nao-existe'] }, 400, 'Escolha tags da lista.'],
      [{ surprise: true }, 400, ''],
    ];
    for (const [change, status, message] of cases) {
      const answer = await save(editor.id, editor.version, { ...editor.content, ...change } as CampaignContent);
      expect(answer.statusCode, JSON.stringify(change)).toBe(status);
      if (message) expect(JSON.stringify(answer.json().message), JSON.stringify(change)).toContain(message);
    }
    const other = await create('Outra campanha');
    const taken = await save(editor.id, editor.version, { ...editor.content, slug: other.live_slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Este endereço já é de outra campanha.');
    expect(await auditCount()).toBe(before + 1);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, editor.id));
    expect(row?.version).toBe(1);
    const check = await call(
      ctx.app,
      'GET',
      `/api/v1/admin/campaign-slugs/${other.live_slug}?campaign=${editor.id}`,
      undefined,
      as(admin.token),
    );
    expect(check.json()).toEqual({ slug: other.live_slug, available: false, suggestion: `${other.live_slug}-2` });
  });
});

describe('lifecycle', () => {
  it('publishes only a complete campaign, keeps a version, and a donor can give', async () => {
    const editor = await create('Horta na escola');
    const refused = await act(editor.id, editor.version, 'publish');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Para publicar, a campanha precisa de título, resumo, história, capa, categoria e organizador.');

    const { editor: ready, version } = await complete('Horta comunitária');
    const published = await act(ready.id, version, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    const data = campaignEditorSchema.parse(published.json());
    expect(data).toMatchObject({ status: 'published', unpublished_changes: false, actions: ['apply', 'pause', 'end'] });
    const page = await call(ctx.app, 'GET', `/api/v1/campaigns/${data.live_slug}`);
    expect(page.json()).toMatchObject({ title: 'Horta comunitária', accepting_donations: true, tags: [{ slug: tag.slug }] });
    expect(page.json().story_html).toContain('href="https://exemplo.org"');
    expect((await give(ctx.app, data.live_slug, donationBody({ method: 'pix' }))).statusCode).toBe(201);

    const versions = campaignVersionSchema
      .array()
      .parse((await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${ready.id}/versions`, undefined, as(admin.token))).json());
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ number: 1, published_by: { name: 'Ana Editora' }, content: { title: 'Horta comunitária' } });

    // With a donation it is never deleted, only archived (after it ends).
    const deleted = await call(ctx.app, 'DELETE', `/api/v1/admin/campaigns/${ready.id}`, undefined, as(admin.token));
    expect(deleted.statusCode).toBe(409);
    const ended = campaignEditorSchema.parse((await act(ready.id, data.version, 'end')).json());
    expect(ended.status).toBe('ended');
    expect((await act(ready.id, ended.version, 'archive')).json()).toMatchObject({ status: 'archived' });
    const stillDeleted = await call(ctx.app, 'DELETE', `/api/v1/admin/campaigns/${ready.id}`, undefined, as(admin.token));
    expect(stillDeleted.statusCode).toBe(409);
    expect(stillDeleted.json().message).toBe('Uma campanha com doações nunca é apagada: arquive-a.');
    // Archived: no longer public.
    expect((await call(ctx.app, 'GET', `/api/v1/campaigns/${data.live_slug}`)).statusCode).toBe(404);
  });

  it('refuses actions the state does not allow, and stale versions', async () => {
    const { editor, version } = await complete('Agasalho para todos');
    expect((await act(editor.id, version, 'pause')).statusCode).toBe(409);
    expect((await act(editor.id, version - 1, 'publish')).statusCode).toBe(409);
    expect(
      (await act(editor.id, version, 'schedule', { publish_at: new Date(ctx.clock.now().getTime() - 60_000).toISOString() })).json()
        .message,
    ).toBe('Escolha uma data e hora futuras');
    expect((await act(editor.id, version, 'explode')).statusCode).toBe(400);
    const gone = await call(ctx.app, 'DELETE', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token));
    expect(gone.statusCode).toBe(204);
    expect(await db().select().from(campaigns).where(eq(campaigns.id, editor.id))).toHaveLength(0);
  });

  it('publishes a scheduled campaign by itself at its moment, and ends it after its whole last day (São Paulo)', async () => {
    const { editor, content, version } = await complete('Mutirão de inverno');
    // Today in São Paulo is its last day.
    const now = ctx.clock.now();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
    const withEnd = await save(editor.id, version, { ...content, ends_on: today });
    const publishAt = new Date(now.getTime() + 60_000);
    const scheduled = await act(editor.id, draftSavedSchema.parse(withEnd.json()).version, 'schedule', {
      publish_at: publishAt.toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', starts_at: publishAt.toISOString() });
    expect((await call(ctx.app, 'GET', `/api/v1/campaigns/${editor.live_slug}`)).statusCode).toBe(404);

    await runCampaignSchedule(db(), new Date(publishAt.getTime() - 1000));
    expect((await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json().status).toBe(
      'scheduled',
    );
    await runCampaignSchedule(db(), publishAt);
    const live = (await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json();
    expect(live.status).toBe('published');
    const publishedBy = await db().select().from(auditLog).where(eq(auditLog.subjectId, editor.id));
    expect(publishedBy.find((e) => e.action === 'campaign.publish')).toMatchObject({ actorUserId: null, actorIp: 'scheduler' });

    // The last day reads as chosen on the public page and the admins' list (issue 22, item 7).
    const page = (await call(ctx.app, 'GET', `/api/v1/campaigns/${editor.live_slug}`)).json();
    expect(page).toMatchObject({ last_day: today });
    const listed = (await call(ctx.app, 'GET', '/api/v1/admin/campaigns?q=Mutir%C3%A3o', undefined, as(admin.token))).json();
    expect(listed).toEqual([expect.objectContaining({ slug: editor.live_slug, last_day: today, ends_at: page.ends_at })]);

    // The end instant is the next day's 00:00 in São Paulo: a second before it, it still takes donations.
    const endsAt = new Date(live.ends_at);
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' }).format(endsAt)).toContain(
      '00',
    );
    await runCampaignSchedule(db(), new Date(endsAt.getTime() - 1000));
    expect((await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json().status).toBe(
      'published',
    );
    await runCampaignSchedule(db(), endsAt);
    expect((await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json().status).toBe('ended');
  });

  it('sends a scheduled campaign whose draft lost its cover back to draft, on record, instead of publishing it', async () => {
    const { editor, content, version } = await complete('Feira de trocas');
    const publishAt = new Date(ctx.clock.now().getTime() + 120_000);
    const scheduled = campaignEditorSchema.parse(
      (await act(editor.id, version, 'schedule', { publish_at: publishAt.toISOString() })).json(),
    );
    // Drafts may be incomplete: the cover goes after the scheduling.
    expect((await save(editor.id, scheduled.version, { ...content, cover_url: '' })).statusCode).toBe(200);
    expect(await runCampaignSchedule(db(), publishAt)).toMatchObject({ published: 0 });
    const back = campaignEditorSchema.parse(
      (await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json(),
    );
    expect(back).toMatchObject({ status: 'draft', missing: ['cover'] });
    const entries = await db().select().from(auditLog).where(eq(auditLog.subjectId, editor.id));
    expect(entries.map((e) => e.action)).toContain('campaign.unschedule');
    expect((await call(ctx.app, 'GET', `/api/v1/campaigns/${editor.live_slug}`)).statusCode).toBe(404);
  });

  it('renames a published campaign: the old slug redirects, versions restore, the preview shows the draft', async () => {
    const { editor, content, version } = await complete('Sopão da Sé');
    const published = campaignEditorSchema.parse((await act(editor.id, version, 'publish')).json());
    const renamed = await save(editor.id, published.version, { ...content, slug: 'sopao-da-se-2027', title: 'Sopão da Sé 2027' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Saved but not published: the public page is unchanged, the preview shows the draft.
    expect((await call(ctx.app, 'GET', `/api/v1/campaigns/${editor.live_slug}`)).json().title).toBe('Sopão da Sé');
    const preview = await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}/preview`, undefined, as(admin.token));
    expect(preview.json()).toMatchObject({ title: 'Sopão da Sé 2027', slug: 'sopao-da-se-2027' });

    const applied = campaignEditorSchema.parse((await act(editor.id, draftSavedSchema.parse(renamed.json()).version, 'apply')).json());
    expect(applied).toMatchObject({ live_slug: 'sopao-da-se-2027', status: 'published' });
    const old = await call(ctx.app, 'GET', `/api/v1/campaigns/${editor.live_slug}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/v1/campaigns/sopao-da-se-2027');
    // The old slug stays this campaign's: nobody else can take it.
    const other = await create('Outra');
    const taken = await save(other.id, other.version, { ...other.content, slug: editor.live_slug });
    expect(taken.statusCode, taken.body).toBe(409);

    const restored = await call(
      ctx.app,
      'POST',
      `/api/v1/admin/campaigns/${editor.id}/versions/1/restore`,
      { version: applied.version },
      as(admin.token),
    );
    expect(restored.statusCode, restored.body).toBe(200);
    const back = campaignEditorSchema.parse(
      (await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}`, undefined, as(admin.token))).json(),
    );
    expect(back.content).toMatchObject({ title: 'Sopão da Sé', slug: editor.live_slug });
    expect(
      (await call(ctx.app, 'POST', `/api/v1/admin/campaigns/${editor.id}/versions/99/restore`, { version: back.version }, as(admin.token)))
        .statusCode,
    ).toBe(404);

    const audit = auditEntrySchema
      .array()
      .parse((await call(ctx.app, 'GET', `/api/v1/admin/campaigns/${editor.id}/audit`, undefined, as(admin.token))).json());
    expect(audit.map((e) => e.action)).toEqual([
      'campaign.save',
      'campaign.apply',
      'campaign.save',
      'campaign.publish',
      'campaign.save',
      'campaign.create',
    ]);
    // Named by the campaign's title (the published one), not its id.
    expect(audit[0]).toMatchObject({ actor: { name: 'Ana Editora' }, subject_id: editor.id, subject_name: 'Sopão da Sé 2027' });
    expect(audit[0]?.ip).toMatch(/^(203\.0\.113\.9|127\.0\.0\.1)$/);
  });
});

describe('covers', () => {
  const storedCovers = () => {
    const dir = join(ctx.dataDir, 'uploads', 'campaign-covers');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  it('crops a cover to 16:9 around its focal point and serves it with its widths', async () => {
    const answer = await upload(await pngOf(2400, 1800), '/api/v1/admin/campaign-covers?focus_x=0&focus_y=1');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ width: 1920, height: 1080 });
    const jpeg = await call(ctx.app, 'GET', answer.json().url);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1080]);
    const small = await call(ctx.app, 'GET', answer.json().url.replace('.jpg', '-480.webp'));
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
    const story = await upload(await pngOf(800, 600), '/api/v1/admin/story-images');
    expect(story.statusCode).toBe(201);
    expect((await call(ctx.app, 'GET', story.json().url)).headers['content-type']).toBe('image/webp');
  });

  it('refuses oversize files, wrong magic bytes, SVG with script and pixel floods, storing nothing', async () => {
    const before = storedCovers();
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    (await pngOf(1600, 900)).copy(big);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const gif = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    // A PNG whose header claims 100,000 × 100,000 pixels: the decoder must refuse before allocating them.
    const flood = await pngOf(1, 1);
    flood.writeUInt32BE(100_000, 16);
    flood.writeUInt32BE(100_000, 20);
    const cases: Array<[Buffer, string, string]> = [
      [big, 'image/png', 'A imagem deve ter no máximo 5 MB'],
      [svg, 'image/png', 'Envie uma imagem JPEG, PNG ou WebP'],
      [svg, 'application/octet-stream', 'Envie uma imagem JPEG, PNG ou WebP'],
      [gif, 'image/jpeg', 'Envie uma imagem JPEG, PNG ou WebP'],
      [flood, 'image/png', 'Não conseguimos ler esta imagem: envie outra, com até 40 megapixels'],
      [await pngOf(640, 360), 'image/png', 'A capa deve ter pelo menos 960 × 540 pixels'],
    ];
    for (const [bytes, type, message] of cases) {
      const answer = await upload(bytes, undefined, type);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect((await upload(svg, '/api/v1/admin/campaign-covers', 'image/svg+xml')).statusCode).toBe(415);
    expect(storedCovers()).toBe(before);
  });
});

describe('permissions', () => {
  it('every editor call needs ADMIN with MANAGE_CAMPAIGNS: 401 signed out, 403 without it, nothing written', async () => {
    const { editor, content, version } = await complete('Campanha protegida');
    const donor = await newSession(ctx.app);
    const finance = await newSession(ctx.app);
    await grantAdmin(ctx, finance.user.id, ['MANAGE_FINANCES', 'MANAGE_TEAM', 'MANAGE_USERS', 'MANAGE_PIX_ACCOUNTS']);
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/v1/admin/campaigns', { title: 'Intrusa' }],
      ['GET', `/api/v1/admin/campaigns/${editor.id}`, undefined],
      ['GET', `/api/v1/admin/campaign-editor?slug=${editor.live_slug}`, undefined],
      ['PUT', `/api/v1/admin/campaigns/${editor.id}/draft`, { version, content: { ...content, title: 'Invadida' } }],
      ['POST', `/api/v1/admin/campaigns/${editor.id}/lifecycle`, { action: 'publish', version }],
      ['DELETE', `/api/v1/admin/campaigns/${editor.id}`, undefined],
      ['GET', `/api/v1/admin/campaign-slugs/qualquer`, undefined],
      ['GET', `/api/v1/admin/campaigns/${editor.id}/versions`, undefined],
      ['POST', `/api/v1/admin/campaigns/${editor.id}/versions/1/restore`, { version }],
      ['GET', `/api/v1/admin/campaigns/${editor.id}/preview`, undefined],
      ['GET', `/api/v1/admin/campaigns/${editor.id}/audit`, undefined],
      ['POST', '/api/v1/admin/campaign-covers', undefined],
      ['POST', '/api/v1/admin/story-images', undefined],
    ];
    const before = await auditCount();
    for (const [method, url, body] of calls) {
      expect((await call(ctx.app, method as 'GET', url, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(ctx.app, method as 'GET', url, body, as(donor.token))).statusCode, `${method} ${url} as a donor`).toBe(403);
      expect((await call(ctx.app, method as 'GET', url, body, as(finance.token))).statusCode, `${method} ${url} without it`).toBe(403);
    }
    expect(await auditCount()).toBe(before);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, editor.id));
    expect(row).toMatchObject({ status: 'draft', version });
  });
});
