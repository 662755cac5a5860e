import { CREDIT_EXPIRING_NOTICE_DAYS } from '../../../contracts/constants';
import { notifyDonor } from '../notifications/create-notification';
import { autoDonationCauseOf } from './auto-donation-cause';
import { donorProfile } from './donor-profile';
import { creditExpiringKey, lotsExpiringBetween } from './wallet-repository';
import { creditExpiringMail } from './wallet-mail';
import { walletPageUrl, type WalletJobDeps } from './wallet-job-deps';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Warns donors, once per lot, about credit that expires within CREDIT_EXPIRING_NOTICE_DAYS: how much,
 * when, and where it will be donated unless spent (docs/design.md §6: said in advance). The notice's
 * dedupe key makes a second run, or another node, tell nobody twice. Resolves to the notices created.
 */
export async function notifyExpiringCredit(deps: WalletJobDeps, now: Date): Promise<number> {
  const until = new Date(now.getTime() + CREDIT_EXPIRING_NOTICE_DAYS * DAY_MS);
  let told = 0;
  for (const lot of await lotsExpiringBetween(deps.db, now, until)) {
    const created = await deps.db.transaction(async (tx) => {
      const donor = await donorProfile(tx, lot.userId);
      if (!donor) return false;
      const cause = await autoDonationCauseOf(tx, lot.userId, now);
      return notifyDonor(tx, {
        userId: lot.userId,
        type: 'credit_expiring',
        metadata: {
          lot_id: lot.id,
          amount: lot.remainingCents,
          expires_at: lot.expiresAt.toISOString(),
          campaign: cause.campaign ? { slug: cause.campaign.slug, title: cause.campaign.title } : null,
          reason: cause.reason,
        },
        now,
        dedupeKey: creditExpiringKey(lot.id),
        email: creditExpiringMail(deps.translator, donor.locale, {
          to: donor.email,
          name: donor.name,
          amountCents: lot.remainingCents,
          date: lot.expiresAt,
          cause,
          walletUrl: walletPageUrl(deps.config),
        }),
      });
    });
    if (created) told += 1;
  }
  return told;
}
