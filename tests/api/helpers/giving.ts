import { randomUUID } from 'node:crypto';
import { count, eq, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CardInput } from '../../../contracts/cards';
import type { DonationRequestInput } from '../../../contracts/donations';
import {
  campaigns,
  donations,
  idempotencyKeys,
  ledgerEntries,
  ledgerGroups,
  mailOutbox,
  notifications,
  payments,
  savedCards,
} from '../../../server/db/schema';
import type { Database } from '../../../server/db/types';
import { notProviderFee } from '../../../server/campaigns/campaign-figures';
import { selectRows } from '../../../server/services/wallet/raw-rows';
import { SANDBOX_TEST_CARDS } from '../../../server/services/payments/sandbox/test-cards';
import { signWebhook, webhookEventBody } from '../../../server/services/payments/sandbox/webhook-signature';
import type { GatewayEvent } from '../../../server/services/payments/gateway';
import { call } from './test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;

/** An active campaign accepting donations (straight in the database), with overridable columns. */
export async function createCampaign(
  db: Database,
  overrides: Partial<typeof campaigns.$inferInsert> = {},
): Promise<{ id: string; slug: string; title: string }> {
  counter += 1;
  const [row] = await db
    .insert(campaigns)
    .values({
      slug: `horta-comunitaria-${Date.now()}-${counter}`,
      title: 'Horta comunitária no Capão Redondo',
      summary: 'Uma horta para alimentar 80 famílias.',
      story: '<p>Começamos com dez canteiros.</p>',
      goalCents: 1_000_000,
      status: 'published',
      startsAt: new Date(Date.now() - 10 * DAY_MS),
      endsAt: new Date(Date.now() + 60 * DAY_MS),
      organiserName: 'Associação Raízes',
      ...overrides,
    })
    .returning({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title });
  return row!;
}

export const brazilianAddress = {
  country: 'BR',
  zip_code: '01310-100',
  state: 'SP',
  city: 'São Paulo',
  neighborhood: 'Bela Vista',
  street_address: 'Avenida Paulista',
  complement: '',
  house_number: '1000',
};
export const personContact = {
  name: 'Maria da Silva',
  email: 'maria.silva@exemplo.com.br',
  cpf: '529.982.247-25',
  telephone: '(11) 98765-4321',
};

/** A valid guest donation paid with the given method (a new card by default). */
export function donationBody(
  payment: DonationRequestInput['payment'],
  overrides: Partial<DonationRequestInput> = {},
): DonationRequestInput {
  return {
    amount: 5000,
    payment,
    contact: { ...personContact },
    address: { ...brazilianAddress },
    message: 'Força, pessoal!',
    is_anonymous: false,
    ...overrides,
  };
}

/** A one-time token from the sandbox's tokenisation endpoint, as the browser gets it. */
export async function sandboxCardToken(
  app: FastifyInstance,
  card: { number: string; cvv: string } = SANDBOX_TEST_CARDS.visaApproved,
): Promise<string> {
  const input: CardInput = {
    card_number: card.number,
    exp_date: '12/34',
    cvv: card.cvv,
    holder_name: 'Maria da Silva',
    holder_document: '52998224725',
  };
  const response = await app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: input });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { token: string }).token;
}

export const newKey = (): string => `key-${randomUUID()}`;

/** POST /campaigns/{slug}/donations (or /donations when slug is null). */
export function give(
  app: FastifyInstance,
  slug: string | null,
  body: unknown,
  options: { key?: string | null; token?: string; locale?: string } = {},
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? newKey() : options.key;
  return call(app, 'POST', slug ? `/api/v1/campaigns/${slug}/donations` : '/api/v1/donations', body, {
    token: options.token,
    locale: options.locale,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

/** A card donation the sandbox approves (its donor a fresh address), confirmed: answers its id. */
export async function cardDonation(
  app: FastifyInstance,
  campaign: { slug: string },
  amount: number,
  contact: Partial<typeof personContact> = {},
  card: { number: string; cvv: string } = SANDBOX_TEST_CARDS.visaApproved,
): Promise<string> {
  const body = donationBody(
    { method: 'card', card_token: await sandboxCardToken(app, card), save_card: false },
    {
      amount,
      contact: {
        ...personContact,
        email: `doador-${Date.now()}-${Math.random().toString(36).slice(2)}@exemplo.com.br`,
        ...contact,
      },
    },
  );
  const answer = await give(app, campaign.slug, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().donation.id as string;
}

/** How many rows the donation flow may write, to prove that a refused request wrote nothing. */
export async function moneyRowCounts(db: Database) {
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    donations: await n(donations),
    payments: await n(payments),
    ledger_groups: await n(ledgerGroups),
    ledger_entries: await n(ledgerEntries),
    idempotency_keys: await n(idempotencyKeys),
    saved_cards: await n(savedCards),
    notifications: await n(notifications),
  };
}

/** A donation's payment, its status, and how many ledger groups name it: what a provider's test reads back. */
export function donationRecords(db: () => Database) {
  return {
    paymentOf: async (donationId: string) => (await db().select().from(payments).where(eq(payments.donationId, donationId)))[0]!,
    statusOf: async (donationId: string) => (await db().select().from(donations).where(eq(donations.id, donationId)))[0]?.status,
    groupsOf: async (donationId: string) =>
      Number(
        (
          await db()
            .select({ n: count() })
            .from(ledgerGroups)
            .where(like(ledgerGroups.reference, `%:${donationId}`))
        )[0]?.n,
      ),
  };
}

/** What the campaign's page shows as raised: its ledger entries but for the providers' fees (campaign-figures.ts). */
export async function campaignRaised(db: Database, campaignId: string): Promise<number> {
  const [row] = await selectRows<{ raised: string | number }>(
    db,
    sql`select coalesce(sum(e.amount_cents), 0) as raised from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.kind = 'campaign' and a.owner_key = ${campaignId} and ${notProviderFee}`,
  );
  return Number(row?.raised ?? 0);
}

export async function outboxTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** A webhook request signed the way the gateway signs it. */
export function signedWebhook(event: GatewayEvent, secret: string, timestampS = Math.floor(Date.now() / 1000)) {
  const payload = JSON.stringify(webhookEventBody(event));
  return { payload, headers: { 'content-type': 'application/json', 'x-semear-signature': signWebhook(payload, secret, timestampS) } };
}

/** An admin's refund of part of a donation, as the admin's refund flow posts it (a fresh Idempotency-Key each). */
export const adminRefund = (app: FastifyInstance, token: string, donationId: string, amount: number) =>
  call(
    app,
    'POST',
    `/api/v1/admin/donations/${donationId}/refunds`,
    { amount, reason: 'Pedido do doador' },
    { token, headers: { 'Idempotency-Key': newKey() } },
  );
