import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react';
import type { CampaignSummary } from '../../contracts';
import * as s from './campaign.css';
import { chip } from './page.css';

// src/ui uses no Lingui macro (style files import this folder and are evaluated without Babel);
// the markers let `lingui extract` collect the messages. Money and numbers are formatted by the caller's
// functions (src/app/format), so the design system stays free of the app.
// Progress and card share one file: they always load together, and one chunk is lighter than two.
const text = {
  raised: /*i18n*/ { id: 'ui.campaign_progress.raised', message: '<0>{raised}</0> arrecadados' },
  raisedOfGoal: /*i18n*/ { id: 'ui.campaign_progress.raised_of_goal', message: '<0>{raised}</0> arrecadados de {goal}' },
  percent: /*i18n*/ { id: 'ui.campaign_progress.percent', message: '{percent}% da meta' },
  barLabel: /*i18n*/ { id: 'ui.campaign_progress.bar_label', message: 'Progresso da meta' },
  donors: /*i18n*/ { id: 'ui.campaign_progress.donors', message: '{count, plural, one {{formatted} doador} other {{formatted} doadores}}' },
};

/** Whole percent of the goal reached, counting past 100; null when there is no goal. */
export function goalPercent(raised: number, goal: number | null): number | null {
  if (goal === null || goal <= 0) return null;
  return Math.floor((Math.max(0, raised) * 100) / goal);
}

export interface CampaignProgressProps {
  /** Cents, as the API sends them. */
  raised: number;
  /** Cents, or null when the campaign has no goal: then only the raised amount and donors show. */
  goal: number | null;
  donorCount: number;
  /** Money and number formatting (src/app/format), passed in so the design system stays app-free. */
  formatMoney: (cents: number) => string;
  formatNumber: (value: number) => string;
  size?: 'md' | 'lg';
}

/**
 * Raised amount, goal and donors, with a bar that fills up to the goal. Past the goal the bar stays
 * full and the text keeps counting ("132% da meta"); the bar is a progressbar clamped to 0–100 with
 * the real figure in aria-valuetext.
 */
export function CampaignProgress({ raised, goal, donorCount, formatMoney, formatNumber, size = 'md' }: CampaignProgressProps) {
  const { i18n } = useLingui();
  const percent = goalPercent(raised, goal);
  const large = size === 'lg';
  const amount = <span className={[s.raisedAmount, large ? s.raisedAmountLarge : ''].join(' ')} />;
  const percentText = percent === null ? null : i18n._(text.percent.id, { percent: formatNumber(percent) });
  return (
    <div className={s.progress}>
      <p className={[s.raised, large ? s.raisedLarge : ''].join(' ')}>
        {goal === null ? (
          <Trans id={text.raised.id} values={{ raised: formatMoney(raised) }} components={{ 0: amount }} />
        ) : (
          <Trans id={text.raisedOfGoal.id} values={{ raised: formatMoney(raised), goal: formatMoney(goal) }} components={{ 0: amount }} />
        )}
      </p>
      {percent !== null && percentText !== null ? (
        <div
          className={s.bar}
          role="progressbar"
          aria-label={i18n._(text.barLabel)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(100, percent)}
          aria-valuetext={percentText}
        >
          <div className={[s.barFill, percent >= 100 ? s.barFillOver : ''].join(' ')} style={{ width: `${Math.min(100, percent)}%` }} />
        </div>
      ) : null}
      <p className={s.figures}>
        {percentText !== null ? <span className={s.percent}>{percentText}</span> : null}
        <span>{i18n._(text.donors.id, { count: donorCount, formatted: formatNumber(donorCount) })}</span>
      </p>
    </div>
  );
}

const statusText = {
  paused: /*i18n*/ { id: 'ui.campaign_card.paused', message: 'Pausada' },
  ended: /*i18n*/ { id: 'ui.campaign_card.closed', message: 'Encerrada' },
};

export interface CampaignCardProps {
  campaign: CampaignSummary;
  formatMoney: (cents: number) => string;
  formatNumber: (value: number) => string;
  /** The card title's heading level, one below the section heading it sits under. */
  headingLevel?: 2 | 3;
}

/**
 * Campaign card (docs/brand.md): cover with a fixed aspect ratio, category, title (the link, stretched over
 * the card), organiser, progress and donors. The cover is decorative (alt=""): the title says it all.
 */
export function CampaignCard({ campaign, formatMoney, formatNumber, headingLevel = 3 }: CampaignCardProps) {
  const { i18n } = useLingui();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const status = campaign.status === 'paused' || campaign.status === 'ended' ? statusText[campaign.status] : null;
  return (
    <article className={s.card}>
      {campaign.cover_url ? (
        <img className={s.cover} src={campaign.cover_url} alt="" width={640} height={360} loading="lazy" decoding="async" />
      ) : (
        <div className={s.cover} aria-hidden="true" />
      )}
      <div className={s.body}>
        {campaign.category || status ? (
          <div className={s.chips}>
            {campaign.category ? <span className={chip}>{campaign.category.name}</span> : null}
            {status ? <span className={[chip, s.statusChip].join(' ')}>{i18n._(status)}</span> : null}
          </div>
        ) : null}
        <Heading className={s.title}>
          <Link to="/$slug" params={{ slug: campaign.slug }} className={s.titleLink}>
            {campaign.title}
          </Link>
        </Heading>
        <p className={s.organiser}>{campaign.organiser_name}</p>
        <div className={s.progressSlot}>
          <CampaignProgress
            raised={campaign.raised}
            goal={campaign.goal}
            donorCount={campaign.donor_count}
            formatMoney={formatMoney}
            formatNumber={formatNumber}
          />
        </div>
      </div>
    </article>
  );
}
