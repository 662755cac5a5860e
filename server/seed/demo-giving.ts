import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashOpaqueToken } from '../auth/opaque-tokens';
import { donations, giftCards, payments, type DonationContactRecord } from '../db/schema';
import type { Executor } from '../db/types';
import { creditWallet, issueGiftCard, postLedgerGroup } from '../services/ledger';
import { createNotification } from '../services/notifications/create-notification';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo gift card the README lists: R$ 100,00 to give with on any campaign. */
export const DEMO_GIFT_CARD_CODE = '6f1c2a9e-3b7d-4c8e-9a1f-2d5e7b8c9a10';
export const DEMO_GIFT_CARD_VALUE_CENTS = 10_000;
/** A second demo card, R$ 50,00, to try "Resgatar gift card" on /profile/wallet (its credit keeps the card's expiry). */
export const DEMO_REDEEMABLE_GIFT_CARD_CODE = '0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c48';
export const DEMO_REDEEMABLE_GIFT_CARD_VALUE_CENTS = 5_000;

/** Invented Brazilian donors (the CPFs pass the check digits but belong to no one). */
type DemoDonor = { name: string; email: string; cpf: string; message: string | null; anonymous: boolean };
const DONORS: DemoDonor[] = [
  {
    name: 'Ana Beatriz Costa',
    email: 'ana.costa@exemplo.com.br',
    cpf: '52998224725',
    message: 'Que lindo projeto! Contem comigo.',
    anonymous: false,
  },
  { name: 'Carlos Eduardo Lima', email: 'carlos.lima@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
  {
    name: 'Fernanda Oliveira',
    email: 'fernanda.o@exemplo.com.br',
    cpf: '39053344705',
    message: 'Força para toda a equipe!',
    anonymous: true,
  },
  {
    name: 'José Ribamar Souza',
    email: 'ribamar@exemplo.com.br',
    cpf: '86288366757',
    message: 'Doei em nome da minha mãe, que sempre ajudou o bairro.',
    anonymous: false,
  },
  { name: 'Luana Ferreira', email: 'luana.f@exemplo.com.br', cpf: '71428793860', message: null, anonymous: true },
  { name: 'Rafael Nascimento', email: 'rafa.nasc@exemplo.com.br', cpf: '04852678038', message: 'Vamos juntos!', anonymous: false },
  {
    name: 'Mariana Albuquerque',
    email: 'mari.alb@exemplo.com.br',
    cpf: '52998224725',
    message: 'Orgulho de ver gente fazendo acontecer.',
    anonymous: false,
  },
  { name: 'Thiago Moreira', email: 'thiago.m@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
  {
    name: 'Juliana Pereira dos Santos',
    email: 'ju.santos@exemplo.com.br',
    cpf: '39053344705',
    message: 'Todo mês um pouquinho. Obrigada pelo trabalho!',
    anonymous: false,
  },
  { name: 'Pedro Henrique Barbosa', email: 'pedro.hb@exemplo.com.br', cpf: '86288366757', message: null, anonymous: true },
  {
    name: 'Camila Rocha',
    email: 'camila.rocha@exemplo.com.br',
    cpf: '71428793860',
    message: 'Compartilhei com a família toda.',
    anonymous: false,
  },
  { name: 'Antônio Carlos Mendes', email: 'acmendes@exemplo.com.br', cpf: '04852678038', message: null, anonymous: false },
  {
    name: 'Beatriz Nogueira',
    email: 'bia.nogueira@exemplo.com.br',
    cpf: '52998224725',
    message: 'Que cheguem logo à meta!',
    anonymous: false,
  },
  { name: 'Gabriel Tavares', email: 'gabriel.t@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
];
/** Companies that give the large sums real campaigns get from a few sponsors. */
const SPONSORS: DemoDonor[] = [
  { name: 'Instituto Semente Viva', email: 'contato@sementeviva.org.br', cpf: '', message: 'Parabéns pela mobilização!', anonymous: false },
  { name: 'Padaria Pão de Mel Ltda', email: 'contato@paodemel.com.br', cpf: '', message: 'O bairro agradece.', anonymous: false },
  { name: 'Cooperativa Vale Verde', email: 'coop@valeverde.coop.br', cpf: '', message: null, anonymous: false },
];
/** Everyday gifts, in cents. */
const AMOUNTS_CENTS = [3_000, 5_000, 5_000, 10_000, 2_500, 15_000, 20_000, 5_000, 50_000, 7_500, 10_000, 25_000];
/** How far along each demo campaign is (share of its goal); the first one goes past 100%. */
const PROGRESS = [1.1, 0.64, 0.38, 0.81, 0.22, 0.55, 0.47, 0.7];
/** What an open-ended campaign (no goal) has raised. */
const OPEN_ENDED_RAISED_CENTS = 842_000;

/** The demo donor account's own gift (README: doador@semear.dev). */
const DEMO_DONOR_GIFT: DemoDonor = {
  name: 'Davi Doador',
  email: 'doador@semear.dev',
  cpf: '11144477735',
  message: 'Primeira doação pelo Semear!',
  anonymous: false,
};

export interface DemoGivingInput {
  now: Date;
  users: { donorId: string };
  /** The demo campaigns; the first one is pushed past its goal when it has one. */
  campaigns: Array<{ id: string; slug: string; title: string; goalCents?: number | null; startedDaysAgo?: number }>;
}

/**
 * Giving demo data, all through the ledger so every total is a sum of entries: confirmed donations
 * on each campaign (some anonymous, some with messages, the first campaign past its goal), one by
 * the demo donor with its notification, the demo donor's wallet (R$ 40,00 of monthly credit expiring
 * in 20 days and R$ 60,00 from a gift card expiring in 5 months) and the demo gift card code.
 */
export async function seedDemoGiving(tx: Executor, input: DemoGivingInput): Promise<void> {
  const { now } = input;
  let n = 0;
  const give = async (
    campaignId: string,
    amountCents: number,
    donor: DemoDonor,
    daysAgo: number,
    userId: string | null = null,
    company = false,
  ) => {
    const at = new Date(now.getTime() - daysAgo * DAY_MS - (n++ % 24) * 3_600_000);
    const contact: DonationContactRecord = company
      ? {
          is_company: true,
          foreigner: false,
          name: donor.name,
          corporate_name: donor.name,
          contact_name: 'Marina Duarte',
          email: donor.email,
          cpf: null,
          cnpj: '11222333000181',
          telephone: '1133334444',
        }
      : {
          is_company: false,
          foreigner: false,
          name: donor.name,
          corporate_name: null,
          contact_name: null,
          email: donor.email,
          cpf: donor.cpf,
          cnpj: null,
          telephone: '11987654321',
        };
    const [donation] = await tx
      .insert(donations)
      .values({
        campaignId,
        userId,
        amountCents,
        status: 'confirmed',
        paymentMethod: n % 3 === 0 ? 'pix' : 'card',
        isAnonymous: donor.anonymous,
        message: donor.message,
        contact,
        receiptTokenHash: hashOpaqueToken(randomBytes(32).toString('base64url')),
        createdAt: at,
        updatedAt: at,
        confirmedAt: at,
      })
      .returning();
    await tx.insert(payments).values({
      donationId: donation!.id,
      gateway: 'sandbox',
      method: donation!.paymentMethod,
      status: 'succeeded',
      amountCents,
      attempts: 1,
      createdAt: at,
      updatedAt: at,
    });
    await postLedgerGroup(tx, {
      kind: 'donation',
      reference: `donation:${donation!.id}`,
      description: 'demo',
      // On the donation's day, so the finances page shows the demo's weeks of giving, not one day.
      at,
      lines: [
        { account: { kind: 'gateway_clearing', gateway: 'sandbox' }, amountCents: -amountCents },
        { account: { kind: 'campaign', campaignId }, amountCents },
      ],
    });
    return donation!;
  };

  for (const [i, campaign] of input.campaigns.entries()) {
    const target = campaign.goalCents
      ? Math.round(campaign.goalCents * (PROGRESS[i % PROGRESS.length] as number))
      : OPEN_ENDED_RAISED_CENTS;
    let raised = 0;
    const count = 8 + (i % 5);
    // Gifts fall on the days since the campaign started (at most the last 40).
    const span = Math.min(40, Math.max(1, (campaign.startedDaysAgo ?? 40) - 1));
    for (let k = 0; k < count; k++) {
      const amount = AMOUNTS_CENTS[(i * 5 + k) % AMOUNTS_CENTS.length] as number;
      await give(campaign.id, amount, DONORS[(i * 3 + k) % DONORS.length]!, 1 + ((k * 3 + i) % span));
      raised += amount;
    }
    // Sponsors bring the campaign to where its story says it is.
    if (target > raised) await give(campaign.id, target - raised, SPONSORS[i % SPONSORS.length]!, Math.min(5 + i, span), null, true);
  }
  const first = input.campaigns[0];
  if (first) {
    const mine = await give(first.id, 5_000, DEMO_DONOR_GIFT, 4, input.users.donorId);
    await createNotification(tx, {
      userId: input.users.donorId,
      type: 'donations',
      metadata: { donation_id: mine.id, amount: 5_000, campaign: { slug: first.slug, title: first.title } },
      now: mine.confirmedAt ?? now,
    });
  }

  const donorId = input.users.donorId;
  await creditWallet(tx, {
    userId: donorId,
    amountCents: 4_000,
    origin: 'monthly_credit',
    expiresAt: new Date(now.getTime() + 20 * DAY_MS),
    from: { kind: 'gateway_clearing', gateway: 'sandbox' },
    reference: `demo-wallet-monthly:${donorId}`,
  });
  const redeemed = await issueGiftCard(tx, {
    valueCents: 6_000,
    buyerUserId: null,
    expiresAt: new Date(now.getTime() + 150 * DAY_MS),
    now,
  });
  await creditWallet(tx, {
    userId: donorId,
    amountCents: 6_000,
    origin: 'gift_card',
    sourceRef: redeemed.id,
    expiresAt: redeemed.expiresAt,
    from: { kind: 'gift_card', giftCardId: redeemed.id },
    reference: `gift_card_redemption:${redeemed.id}`,
    kind: 'gift_card_redemption',
  });
  await tx.update(giftCards).set({ status: 'redeemed' }).where(eq(giftCards.id, redeemed.id));
  await issueGiftCard(tx, {
    code: DEMO_GIFT_CARD_CODE,
    valueCents: DEMO_GIFT_CARD_VALUE_CENTS,
    expiresAt: new Date(now.getTime() + 180 * DAY_MS),
    now,
  });
  await issueGiftCard(tx, {
    code: DEMO_REDEEMABLE_GIFT_CARD_CODE,
    valueCents: DEMO_REDEEMABLE_GIFT_CARD_VALUE_CENTS,
    expiresAt: new Date(now.getTime() + 180 * DAY_MS),
    now,
  });
}
