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

/** Invented Brazilian donors (the CPFs pass the check digits but belong to no one). */
const DONORS: Array<{ name: string; email: string; cpf: string; message: string | null; anonymous: boolean }> = [
  { name: 'Ana Beatriz Costa', email: 'ana.costa@exemplo.com.br', cpf: '52998224725', message: 'Que lindo projeto! Contem comigo.', anonymous: false },
  { name: 'Carlos Eduardo Lima', email: 'carlos.lima@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
  { name: 'Fernanda Oliveira', email: 'fernanda.o@exemplo.com.br', cpf: '39053344705', message: 'Força para toda a equipe!', anonymous: true },
  { name: 'José Ribamar Souza', email: 'ribamar@exemplo.com.br', cpf: '86288366757', message: 'Doei em nome da minha mãe, que sempre ajudou o bairro.', anonymous: false },
  { name: 'Luana Ferreira', email: 'luana.f@exemplo.com.br', cpf: '71428793860', message: null, anonymous: true },
  { name: 'Rafael Nascimento', email: 'rafa.nasc@exemplo.com.br', cpf: '04852678038', message: 'Vamos juntos!', anonymous: false },
];
const AMOUNTS_CENTS = [5_000, 10_000, 3_000, 25_000, 7_500, 15_000];

export interface DemoGivingInput {
  now: Date;
  users: { donorId: string };
  /** The demo campaigns; the first one is pushed past its goal when it has one. */
  campaigns: Array<{ id: string; slug: string; goalCents?: number | null }>;
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
  const give = async (campaignId: string, amountCents: number, donor: (typeof DONORS)[number], daysAgo: number, userId: string | null = null) => {
    const at = new Date(now.getTime() - daysAgo * DAY_MS - (n++ % 24) * 3_600_000);
    const contact: DonationContactRecord = { is_company: false, foreigner: false, name: donor.name, corporate_name: null, contact_name: null, email: donor.email, cpf: donor.cpf, cnpj: null, telephone: '11987654321' };
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
    await tx.insert(payments).values({ donationId: donation!.id, gateway: 'sandbox', method: donation!.paymentMethod, status: 'succeeded', amountCents, attempts: 1, createdAt: at, updatedAt: at });
    await postLedgerGroup(tx, {
      kind: 'donation',
      reference: `donation:${donation!.id}`,
      description: 'demo',
      lines: [
        { account: { kind: 'gateway_clearing', gateway: 'sandbox' }, amountCents: -amountCents },
        { account: { kind: 'campaign', campaignId }, amountCents },
      ],
    });
    return donation!;
  };

  for (const [i, campaign] of input.campaigns.entries()) {
    const count = 3 + (i % 4);
    for (let k = 0; k < count; k++) await give(campaign.id, AMOUNTS_CENTS[(i + k) % AMOUNTS_CENTS.length] as number, DONORS[(i + k) % DONORS.length]!, 1 + k * 3 + i);
  }
  const first = input.campaigns[0];
  if (first?.goalCents) {
    // One campaign past its goal: the progress bar keeps counting beyond 100%.
    await give(first.id, Math.ceil(first.goalCents * 1.1), { ...DONORS[3]!, name: 'Instituto Semente Viva', email: 'contato@sementeviva.org.br', message: 'Parabéns pela mobilização!' }, 2);
  }
  if (first) {
    const mine = await give(first.id, 5_000, { name: 'Doador Demo', email: 'doador@semear.dev', cpf: '52998224725', message: 'Primeira doação pelo Semear!', anonymous: false }, 4, input.users.donorId);
    await createNotification(tx, { userId: input.users.donorId, type: 'donations', metadata: { donation_id: mine.id }, now: mine.confirmedAt ?? now });
  }

  const donorId = input.users.donorId;
  await creditWallet(tx, { userId: donorId, amountCents: 4_000, origin: 'monthly_credit', expiresAt: new Date(now.getTime() + 20 * DAY_MS), from: { kind: 'gateway_clearing', gateway: 'sandbox' }, reference: `demo-wallet-monthly:${donorId}` });
  const redeemed = await issueGiftCard(tx, { valueCents: 6_000, buyerUserId: null, expiresAt: new Date(now.getTime() + 150 * DAY_MS), now });
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
  await issueGiftCard(tx, { code: DEMO_GIFT_CARD_CODE, valueCents: DEMO_GIFT_CARD_VALUE_CENTS, expiresAt: new Date(now.getTime() + 180 * DAY_MS), now });
}
