/**
 * Pix Automático, for a PIX provider that offers it (docs/payments.md, "Monthly giving by Pix Automático"):
 * the donor authorises a recurrence once in their bank app, paying the first month with it, and their
 * bank then debits each month on its due date. Charges are named by our subscription charge ids, so a
 * retry after a crash asks for the same charge; the provider's webhooks are hints, read back here.
 */
export interface PixRecurrences {
  /**
   * The recurrence and its first month as one combined QR (the spec's journey 3): the month's immediate
   * charge under `chargeId`, and a recurrence from `startsOn` (the next month's due date) that the donor's
   * bank approves when they pay it.
   */
  open(input: {
    chargeId: string;
    contract: string;
    amountCents: number;
    startsOn: Date;
    expiresAt: Date;
    /** The donor, who must have a CPF or CNPJ (gateway.ts's Payer with its document). */
    payer: { name: string; email: string; document: { type: 'CPF' | 'CNPJ'; number: string } };
    description: string;
  }): Promise<{ recurrenceId: string; brCode: string; expiresAt: Date }>;
  /** null: the provider has no such recurrence. */
  recurrence(recurrenceId: string): Promise<RecurrenceState | null>;
  /** Ends the recurrence at the bank (the donor canceled here); one already ended is left as it is. */
  cancel(recurrenceId: string): Promise<void>;
  /**
   * The month's debit on an authorised recurrence, sent within the days the rules require before `dueOn`.
   * `unlessRefused`: the `request` of an earlier refusal of this debit; when what would be sent now is the same
   * request, nothing is sent (`unchanged`): the bank would refuse it again. A 5xx or no answer throws (retried).
   */
  scheduleDebit(input: {
    chargeId: string;
    recurrenceId: string;
    amountCents: number;
    dueOn: Date;
    unlessRefused?: string | null;
  }): Promise<DebitSending>;
  /** null: the provider has no debit of that charge (never sent, or lost before a crash). */
  debit(chargeId: string): Promise<DebitState | null>;
  /** Asks the donor's bank to try a refused debit again on `on` (where the recurrence allows retries). */
  retryDebit(chargeId: string, on: Date): Promise<void>;
  /** What a recurrence or debit webhook names (unsigned: only ids, each read back). */
  readWebhook(topic: 'rec' | 'cobr', rawBody: Buffer): { recurrenceIds: string[]; chargeIds: string[] } | null;
}

/** `ended`: by the donor in their bank app ('payer'), by us ('receiver'), or never authorised ('rejected' / 'expired'). */
export type RecurrenceState =
  { status: 'awaiting' } | { status: 'authorized' } | { status: 'ended'; by: 'payer' | 'receiver' | 'rejected' | 'expired' };

/**
 * `refused`: the latest try was refused (no funds) and another may be asked for (`retries` used so far);
 * `failed`: refused with no retry left, or expired.
 */
export type DebitState =
  | { status: 'pending'; gatewayRef: string }
  | { status: 'paid'; gatewayRef: string; amountCents: number }
  | { status: 'refused'; gatewayRef: string; retries: number; retryPending: boolean }
  | { status: 'failed'; gatewayRef: string };

/**
 * What became of a debit request: `sent` (the bank has it), `refused` (the bank answered 4xx, or it could not be
 * made, such as no receiving account: `request` fingerprints what was asked, `reason` says why in one line), or
 * `unchanged` (the same request was refused before, and nothing was sent).
 */
export type DebitSending = { status: 'sent' } | { status: 'refused'; request: string; reason: string } | { status: 'unchanged' };
