import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import {
  bankName,
  normalizePixKey,
  type PayoutAccount,
  type PayoutAccountRequest,
  type PixKey,
  type PixKeyRequest,
} from '../../../contracts/admin-pix';
import { normalizeCnpj, onlyDigits } from '../../../contracts/documents';
import { errorCodes } from '../../../contracts/errors';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { Permission } from '../../../contracts/permissions';
import { campaigns, payoutAccounts, pixKeys } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, forbidden, notFound } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { adminEmails } from '../admin/admin-recipients';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import { decisionPeople, namesOf, peopleOf, type Person } from '../admin/people';
import { enqueueMail } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';

/**
 * Which PIX keys receive and which account takes the payouts (docs/admin.md). A change is asked for by
 * one admin and approved (or rejected) by another; approved, it replaces the one in force in the same
 * transaction. Every step is audited and e-mailed to every admin who runs that page.
 */

export const pixChangeMessages = {
  keyRequested: /*i18n*/ { id: 'mail.pix_change.key_requested', message: 'Semear: {who} pediu uma nova chave PIX para {target}' },
  keyDecided: /*i18n*/ { id: 'mail.pix_change.key_decided', message: 'Semear: a chave PIX de {target} foi {decision} por {who}' },
  accountRequested: /*i18n*/ { id: 'mail.pix_change.account_requested', message: 'Semear: {who} pediu uma nova conta para os repasses' },
  accountDecided: /*i18n*/ { id: 'mail.pix_change.account_decided', message: 'Semear: a nova conta dos repasses foi {decision} por {who}' },
  approved: /*i18n*/ { id: 'mail.pix_change.approved', message: 'aprovada' },
  rejected: /*i18n*/ { id: 'mail.pix_change.rejected', message: 'recusada' },
  body: /*i18n*/ {
    id: 'mail.pix_change.body',
    message: 'Veja e decida em /admin/pix-keys ou /admin/pix-accounts. Mudanças de chaves e contas sempre precisam de uma segunda pessoa.',
  },
  generalFund: /*i18n*/ { id: 'mail.pix_change.general_fund', message: 'o fundo geral' },
} satisfies Record<string, MessageDescriptor>;

const KEY_ADMINS: Permission[] = ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'];
const ACCOUNT_ADMINS: Permission[] = ['MANAGE_PIX_ACCOUNTS'];

/** The key in force for a campaign's PIX charges: the campaign's own, else the general fund's, else null (PIX_KEY). */
/** The keys of one target: a campaign's, or the general fund's (no campaign). */
const sameTarget = (campaignId: string | null) => (campaignId ? eq(pixKeys.campaignId, campaignId) : isNull(pixKeys.campaignId));

export async function pixKeyInForce(db: Executor, campaignId: string | null): Promise<string | null> {
  const rows = await db
    .select({ key: pixKeys.key, campaignId: pixKeys.campaignId })
    .from(pixKeys)
    .where(
      and(
        eq(pixKeys.status, 'active'),
        campaignId ? or(eq(pixKeys.campaignId, campaignId), isNull(pixKeys.campaignId)) : isNull(pixKeys.campaignId),
      ),
    );
  return rows.find((r) => campaignId && r.campaignId === campaignId)?.key ?? rows.find((r) => r.campaignId === null)?.key ?? null;
}

type ChangeRow = { status: string; requestedBy: string; decidedBy: string | null };

/**
 * Why this admin may not approve or reject the change now (the error to answer), or null when they may:
 * it must be waiting, and be someone else's. The lists tell each admin the same (`can_decide`).
 */
export function changeDecisionRefusal(row: Pick<ChangeRow, 'status' | 'requestedBy'>, adminId: string) {
  if (row.status !== 'pending_approval') return conflict(errorCodes.pixChangeNotPending, am.changeNotPending);
  if (row.requestedBy === adminId) return forbidden(errorCodes.pixChangeOwnApproval, am.changeOwnApproval);
  return null;
}

/** Who asked and decided, in words, and what the viewing admin may do about it. */
const decisionFields = (row: ChangeRow, people: Map<string, Person>, viewerId: string) => ({
  ...decisionPeople(row, people, viewerId),
  can_decide: changeDecisionRefusal(row, viewerId) === null,
});

export function createPixAdminService(db: Database, deps: { translator: Translator; now: () => Date }) {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => deps.translator.translate('pt', d, values);
  const tell = async (tx: Executor, who: readonly Permission[], subject: string, now: Date) => {
    const text = `${t(pixChangeMessages.body)}\n\n${t(mailMessages.signature)}\n`;
    for (const to of await adminEmails(tx, who)) await enqueueMail(tx, { to, subject, text }, now);
  };
  const actorName = async (tx: Executor, actor: AdminActor) => (await namesOf(tx, [actor.userId])).get(actor.userId) ?? '';

  /** One admin's decision on another's change: never on their own, only while it waits. */
  function checkDecision(row: ChangeRow | undefined, actor: AdminActor) {
    if (!row) throw notFound(errorCodes.pixChangeNotFound, am.changeNotFound);
    const refusal = changeDecisionRefusal(row, actor.userId);
    if (refusal) throw refusal;
  }

  return {
    async listKeys(viewerId: string): Promise<PixKey[]> {
      const rows = await db
        .select({ key: pixKeys, slug: campaigns.slug, title: campaigns.title })
        .from(pixKeys)
        .leftJoin(campaigns, eq(campaigns.id, pixKeys.campaignId))
        .orderBy(desc(pixKeys.createdAt));
      const people = await peopleOf(
        db,
        rows.flatMap((r) => [r.key.requestedBy, r.key.decidedBy]),
      );
      return rows.map(({ key, slug, title }) => ({
        id: key.id,
        campaign: slug ? { slug, title: title ?? '' } : null,
        type: key.type,
        key: key.key,
        status: key.status,
        ...decisionFields(key, people, viewerId),
        created_at: key.createdAt.toISOString(),
      }));
    },

    async requestKey(actor: AdminActor, input: PixKeyRequest): Promise<string> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const [campaign] = input.campaign ? await tx.select().from(campaigns).where(eq(campaigns.slug, input.campaign)) : [null];
        if (campaign === undefined) throw notFound(errorCodes.campaignNotFound, am.campaignNotFound);
        const key = normalizePixKey(input.type, input.key) as string;
        const [row] = await tx
          .insert(pixKeys)
          .values({ campaignId: campaign?.id ?? null, type: input.type, key, requestedBy: actor.userId, createdAt: now })
          .returning({ id: pixKeys.id });
        await recordAudit(
          tx,
          actor,
          {
            action: 'pix_key.requested',
            subject: { type: 'pix_key', id: row!.id },
            after: { campaign: input.campaign, type: input.type, key },
          },
          now,
        );
        const target = campaign?.title ?? t(pixChangeMessages.generalFund);
        await tell(tx, KEY_ADMINS, t(pixChangeMessages.keyRequested, { who: await actorName(tx, actor), target }), now);
        return row!.id;
      });
    },

    async decideKey(actor: AdminActor, id: string, approve: boolean): Promise<void> {
      const now = deps.now();
      await db.transaction(async (tx) => {
        const [targetOf] = await tx.select({ campaignId: pixKeys.campaignId }).from(pixKeys).where(eq(pixKeys.id, id));
        // Every key of the same target, locked in one order: two decisions for one target (two admins
        // approving two keys at once) take turns, so the second steps the first's key down instead of
        // meeting it at the one-active-key index.
        if (targetOf)
          await tx.select({ id: pixKeys.id }).from(pixKeys).where(sameTarget(targetOf.campaignId)).orderBy(pixKeys.id).for('update');
        const [row] = await tx.select().from(pixKeys).where(eq(pixKeys.id, id)).for('update');
        checkDecision(row, actor);
        const key = row as typeof pixKeys.$inferSelect;
        if (approve) {
          // The key in force for the same target steps down first (one active per target).
          await tx
            .update(pixKeys)
            .set({ status: 'inactive' })
            .where(and(eq(pixKeys.status, 'active'), sameTarget(key.campaignId)));
        }
        await tx
          .update(pixKeys)
          .set({ status: approve ? 'active' : 'rejected', decidedBy: actor.userId, decidedAt: now })
          .where(eq(pixKeys.id, id));
        await recordAudit(tx, actor, { action: approve ? 'pix_key.approved' : 'pix_key.rejected', subject: { type: 'pix_key', id } }, now);
        const [campaign] = key.campaignId
          ? await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, key.campaignId))
          : [];
        const decision = t(approve ? pixChangeMessages.approved : pixChangeMessages.rejected);
        const target = campaign?.title ?? t(pixChangeMessages.generalFund);
        await tell(tx, KEY_ADMINS, t(pixChangeMessages.keyDecided, { target, decision, who: await actorName(tx, actor) }), now);
      });
    },

    async listAccounts(viewerId: string): Promise<PayoutAccount[]> {
      const rows = await db.select().from(payoutAccounts).orderBy(desc(payoutAccounts.createdAt));
      const people = await peopleOf(
        db,
        rows.flatMap((r) => [r.requestedBy, r.decidedBy]),
      );
      return rows.map((row) => ({
        id: row.id,
        bank: row.bankCode,
        bank_name: bankName(row.bankCode) ?? row.bankCode,
        branch: row.branch,
        account: row.account,
        digit: row.digit,
        type: row.type,
        holder_name: row.holderName,
        holder_document: row.holderDocument,
        status: row.status,
        ...decisionFields(row, people, viewerId),
        created_at: row.createdAt.toISOString(),
      }));
    },

    async requestAccount(actor: AdminActor, input: PayoutAccountRequest): Promise<string> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const document =
          onlyDigits(input.holder_document).length === 11 ? onlyDigits(input.holder_document) : normalizeCnpj(input.holder_document);
        const [row] = await tx
          .insert(payoutAccounts)
          .values({
            bankCode: input.bank,
            branch: input.branch,
            account: input.account,
            digit: input.digit.toUpperCase(),
            type: input.type,
            holderName: input.holder_name,
            holderDocument: document,
            requestedBy: actor.userId,
            createdAt: now,
          })
          .returning({ id: payoutAccounts.id });
        await recordAudit(
          tx,
          actor,
          {
            action: 'payout_account.requested',
            subject: { type: 'payout_account', id: row!.id },
            after: { ...input, holder_document: document },
          },
          now,
        );
        await tell(tx, ACCOUNT_ADMINS, t(pixChangeMessages.accountRequested, { who: await actorName(tx, actor) }), now);
        return row!.id;
      });
    },

    async decideAccount(actor: AdminActor, id: string, approve: boolean): Promise<void> {
      const now = deps.now();
      await db.transaction(async (tx) => {
        // Every account, locked in one order (there are a handful): two approvals at once take turns, so
        // the second steps the first's account down instead of meeting it at the one-active index.
        await tx.select({ id: payoutAccounts.id }).from(payoutAccounts).orderBy(payoutAccounts.id).for('update');
        const [row] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.id, id)).for('update');
        checkDecision(row, actor);
        if (approve) await tx.update(payoutAccounts).set({ status: 'inactive' }).where(eq(payoutAccounts.status, 'active'));
        await tx
          .update(payoutAccounts)
          .set({ status: approve ? 'active' : 'rejected', decidedBy: actor.userId, decidedAt: now })
          .where(eq(payoutAccounts.id, id));
        await recordAudit(
          tx,
          actor,
          { action: approve ? 'payout_account.approved' : 'payout_account.rejected', subject: { type: 'payout_account', id } },
          now,
        );
        const decision = t(approve ? pixChangeMessages.approved : pixChangeMessages.rejected);
        await tell(tx, ACCOUNT_ADMINS, t(pixChangeMessages.accountDecided, { decision, who: await actorName(tx, actor) }), now);
      });
    },
  };
}
