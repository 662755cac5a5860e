import { z } from 'zod';
import { adminMessages as am } from './admin-messages';

/** The finances page (/admin/finances; docs/admin.md): a period's figures, all from the ledger. */

const day = z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/);

/** GET /admin/finances?from=&to=: São Paulo days, `to` included, at most 3 years. */
export const financeQuerySchema = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, { error: am.periodOrder.id })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 3 * 366 * 86_400_000, { error: am.periodTooLong.id })
  .meta({ examples: [{ from: '2026-01-01', to: '2026-01-31' }] });
export type FinanceQuery = z.infer<typeof financeQuerySchema>;

const group = z.object({ key: z.string(), label: z.string(), gross: z.number().int(), count: z.number().int() });

export const financeFiguresSchema = z.object({
  gross: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  donations: z.number().int(),
  by_method: z.array(group),
  by_campaign: z.array(group),
  by_category: z.array(group),
  monthly: z.object({
    active_donors: z.number().int(),
    /** Monthly recurring revenue: what the open monthly donations bring each month (cents). */
    mrr: z.number().int(),
    /** Canceled in the period over open at its start. */
    churn_rate: z.number(),
    churned: z.number().int(),
    failed_charges_recovered: z.number().int(),
  }),
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

export const financeReportSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  previous_period: z.object({ from: z.string(), to: z.string() }),
  figures: financeFiguresSchema,
  previous: financeFiguresSchema,
  liabilities: z.object({
    wallet_credit: z.number().int(),
    gift_card_balances: z.number().int(),
    auto_donation_next_30_days: z.number().int(),
  }),
  daily: z.array(z.object({ day: z.string(), gross: z.number().int() })),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;

/**
 * One line of the export: a ledger entry on a cause's account in the period. `fee`: what the payment
 * provider kept of a payment (its `fee` column); `chargeback`: the donor's bank took it back (its `refund` column).
 */
export interface FinanceLine {
  at: string;
  day: string;
  kind: 'donation' | 'refund' | 'chargeback' | 'fee';
  reference: string;
  donation_id: string | null;
  method: string | null;
  campaign: { slug: string; title: string } | null;
  category: { slug: string; name: string } | null;
  recurring: boolean;
  gross: number;
  refund: number;
  fee: number;
  net: number;
}

export const FINANCE_PRESETS = ['this_month', 'last_month', 'last_30_days', 'this_year'] as const;
export type FinancePreset = (typeof FINANCE_PRESETS)[number];

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** A preset's days, from today's date in São Paulo ('YYYY-MM-DD'). */
export function presetPeriod(preset: FinancePreset, today: string): { from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
  switch (preset) {
    case 'this_month':
      return { from: iso(utc(year, month, 1)), to: today };
    case 'last_month':
      return { from: iso(utc(year, month - 1, 1)), to: iso(utc(year, month, 0)) };
    case 'last_30_days':
      return { from: iso(utc(year, month, day - 29)), to: today };
    case 'this_year':
      return { from: iso(utc(year, 1, 1)), to: today };
  }
}
