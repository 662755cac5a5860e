import {
  cardInputSchema,
  addressCountryIssue,
  checkoutAddressSchema,
  contactSchema,
  DONATION_MESSAGE_MAX,
  donationRequestSchema,
  paymentInputSchema,
  type CardToken,
  type CheckoutAddressInput,
  type ContactInput,
  type DonationRequestInput,
  type PaymentInput,
  type PaymentMethod,
} from '../../contracts';
import { givingMessages } from '../../contracts/giving-messages';
import {
  emptyCheckoutAddress,
  emptyContact,
  ONE_TIME_AMOUNT_RANGE,
  type CheckoutContext,
  type CheckoutInput,
  type CheckoutProgress,
  type CheckoutStep,
  type FieldIssue,
  type PaymentChoice,
} from './checkout-types';
import type { PendingPix, SubmissionInput, SubmissionOutcome, SubmittedPayment } from './submission.machine';

/**
 * The checkout's pure rules: which step comes next, which payment methods a donor may use, what the
 * API will be sent. The machines (checkout.machine.ts and its children) only wire them to states.
 */

/** Only what was typed: an empty string in saved progress must not wipe the profile's prefill. */
function typedOnly<Fields extends object>(fields: Fields): Partial<Fields> {
  const typed: Partial<Fields> = {};
  for (const field in fields) {
    const value = fields[field];
    if (value !== '' && value !== undefined && value !== null) typed[field] = value;
  }
  return typed;
}

/**
 * A resumed amount counts only while this checkout still takes it: a gift-card order's total is fixed
 * (its range is that one amount), so the progress of an earlier order never pays for the one on screen.
 */
function startingAmount(input: CheckoutInput): number | null {
  const resumed = input.resume?.amount ?? null;
  const range = input.amountRange ?? ONE_TIME_AMOUNT_RANGE;
  if (resumed !== null && resumed >= range.min && resumed <= range.max) return resumed;
  return input.amount ?? null;
}

export function initialContext(input: CheckoutInput): CheckoutContext {
  const resume = input.resume ?? null;
  const context: CheckoutContext = {
    steps: input.steps,
    methods: input.methods,
    signedIn: input.signedIn ?? false,
    allowForeigner: input.allowForeigner ?? true,
    companyOnly: input.companyOnly ?? false,
    amount: startingAmount(input),
    amountRange: input.amountRange ?? ONE_TIME_AMOUNT_RANGE,
    campaign: resume ? resume.campaign : (input.campaign ?? null),
    sharedCampaignId: input.sharedCampaignId ?? null,
    contact: {
      ...emptyContact,
      ...input.contact,
      ...typedOnly(resume?.contact ?? {}),
      ...(input.allowForeigner === false ? { foreigner: false } : {}),
      ...(input.companyOnly ? { is_company: true, foreigner: false } : {}),
    },
    message: resume?.message ?? '',
    isAnonymous: resume?.isAnonymous ?? false,
    payment: resume?.payment ?? null,
    // A registered address fills the step, so a signed-in donor only confirms it.
    address: resume?.address ?? input.registeredAddress ?? emptyCheckoutAddress,
    registeredAddress: input.registeredAddress ?? null,
    completed: [],
    lastStep: null,
    cardToken: null,
    submitted: null,
    failure: null,
    retryKey: input.openAttempt ?? null,
    savedCards: null,
    walletBalance: null,
    signedOutWhileOpen: false,
  };
  return resume ? resumedAt(context, resume.step) : context;
}

/** The steps before `step` count as done while their data still passes; the donor lands on the first one that does not. */
function resumedAt(context: CheckoutContext, step: CheckoutStep): CheckoutContext {
  const completed: CheckoutStep[] = [];
  for (const s of context.steps) {
    if (s === step) break;
    const valid =
      s === 'contact'
        ? isContactValid(context.contact, context.message, context)
        : s === 'payment'
          ? context.payment !== null && isPaymentValid(context, context.payment)
          : isAddressValid(context.address, context.contact.foreigner === true);
    if (!valid) break;
    completed.push(s);
  }
  return { ...context, completed, lastStep: completed.at(-1) ?? null };
}

/** The progress to keep for `step` (the screen shown); a new card is left out. */
export function progressOf(context: CheckoutContext, step: CheckoutStep): CheckoutProgress {
  return {
    step,
    amount: context.amount,
    campaign: context.campaign,
    contact: context.contact,
    message: context.message,
    isAnonymous: context.isAnonymous,
    payment: context.payment && context.payment.method !== 'card' ? context.payment : null,
    address: context.completed.includes('address') || step === 'address' ? context.address : null,
  };
}

/**
 * The methods this donor may use now: foreigners only PayPal, everyone else never PayPal (SPEC §5).
 * Wallet and saved cards stay listed for visitors: the view answers them with the sign-in prompt.
 */
export function availableMethods(context: Pick<CheckoutContext, 'methods' | 'contact'>): PaymentMethod[] {
  const foreigner = context.contact.foreigner === true;
  return context.methods.filter((method) => (foreigner ? method === 'paypal' : method !== 'paypal'));
}

/** Within this checkout's range (the request's schema checks the one-time range on top). */
export const isAmountInRange = ({ amount, amountRange }: Pick<CheckoutContext, 'amount' | 'amountRange'>): boolean =>
  amount !== null && amount >= amountRange.min && amount <= amountRange.max;

/** Who may pay through a checkout: someone living abroad (unless allowForeigner is false), only a company (companyOnly). */
export type PayerRules = Pick<CheckoutContext, 'allowForeigner' | 'companyOnly'>;

export const isContactValid = (contact: ContactInput, message: string | undefined, rules: PayerRules): boolean =>
  contactSchema.safeParse(contact).success &&
  (message ?? '').length <= DONATION_MESSAGE_MAX &&
  (rules.allowForeigner || contact.foreigner !== true) &&
  (!rules.companyOnly || contact.is_company === true);

export function isAddressValid(address: CheckoutAddressInput, foreigner: boolean): boolean {
  const parsed = checkoutAddressSchema.safeParse(address);
  return parsed.success && addressCountryIssue(parsed.data.country, foreigner) === null;
}

/** The API's payment object; a new card is sent as its token (a placeholder until tokenised). */
export function paymentInputOf(choice: PaymentChoice, cardToken: CardToken | null): PaymentInput {
  if (choice.method === 'card') return { method: 'card', card_token: cardToken?.token ?? 'pending-token', save_card: choice.save_card };
  return choice;
}

/** What the payment rules read of the checkout: they change while the payment step is open. */
export type PaymentFacts = Pick<CheckoutContext, 'methods' | 'contact' | 'signedIn' | 'amount' | 'walletBalance'>;

export const paymentFactsOf = ({ methods, contact, signedIn, amount, walletBalance }: PaymentFacts): PaymentFacts => ({
  methods,
  contact,
  signedIn,
  amount,
  walletBalance,
});

/** Is this choice well formed and allowed for this donor? (A gift card's balance is checked by the API.) */
export function isPaymentValid(context: PaymentFacts, choice: PaymentChoice): boolean {
  if (!availableMethods(context).includes(choice.method)) return false;
  if ((choice.method === 'wallet' || choice.method === 'saved_card') && !context.signedIn) return false;
  if (choice.method === 'card') {
    if (choice.save_card && !context.signedIn) return false;
    return cardInputSchema.safeParse(choice.card).success;
  }
  if (choice.method === 'wallet')
    return context.walletBalance !== null && context.amount !== null && context.walletBalance >= context.amount;
  return paymentInputSchema.safeParse(choice).success;
}

/** Steps already done that the latest change made wrong (e.g. the donor became a foreigner). */
export function stillValid(context: CheckoutContext): CheckoutStep[] {
  return context.completed.filter((step) => {
    if (step === 'payment') return context.payment !== null && availableMethods(context).includes(context.payment.method);
    if (step === 'address') return isAddressValid(context.address, context.contact.foreigner === true);
    return true;
  });
}

/** The body of the donation call (the card as its token once tokenised). */
export function requestOf(context: CheckoutContext): DonationRequestInput | null {
  if (context.amount === null || context.payment === null) return null;
  return {
    amount: context.amount,
    payment: paymentInputOf(context.payment, context.cardToken),
    contact: context.contact,
    address: context.steps.includes('address') ? context.address : null,
    message: context.message.trim() === '' ? null : context.message,
    is_anonymous: context.isAnonymous,
    shared_campaign_id: context.sharedCampaignId,
    campaign_slug: context.campaign?.slug ?? null,
  };
}

export function isRequestReady(context: CheckoutContext): boolean {
  const request = requestOf(context);
  return (
    request !== null &&
    isAmountInRange(context) &&
    context.steps.every((step) => context.completed.includes(step)) &&
    donationRequestSchema.safeParse(request).success
  );
}

/**
 * After a step: the next one in order; after the last, the first one still to do (none: submit).
 * The button that pays is always on the last step, so jumping back never pays by surprise.
 */
export function nextStep(context: CheckoutContext): CheckoutStep | null {
  const index = context.lastStep === null ? -1 : context.steps.indexOf(context.lastStep);
  if (index < context.steps.length - 1) return context.steps[index + 1] ?? null;
  return context.steps.find((step) => !context.completed.includes(step)) ?? null;
}

/** `completed` plus `step`, in the checkout's step order (one canonical value per set of steps). */
export const withDone = (context: Pick<CheckoutContext, 'steps'>, completed: readonly CheckoutStep[], step: CheckoutStep): CheckoutStep[] =>
  context.steps.filter((s) => s === step || completed.includes(s));

export function previousStep(context: CheckoutContext, from: CheckoutStep): CheckoutStep | null {
  const index = context.steps.indexOf(from);
  return index > 0 ? (context.steps[index - 1] ?? null) : null;
}

/** Why the whole request is refused, field by field (the amount first: it sits above every step). */
export function requestIssues(context: CheckoutContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { amount, amountRange } = context;
  if (amount === null) issues.push({ field: 'amount', message: givingMessages.amountRequired.id });
  else if (amount < amountRange.min) issues.push({ field: 'amount', message: givingMessages.amountTooLow.id });
  else if (amount > amountRange.max) issues.push({ field: 'amount', message: givingMessages.amountTooHigh.id });
  const request = requestOf(context);
  for (const issue of (request ? donationRequestSchema.safeParse(request).error?.issues : undefined) ?? []) {
    const field = issue.path.join('.');
    if (!issues.some((i) => i.field === field)) issues.push({ field, message: issue.message });
  }
  return issues;
}

/** The step a refused field is typed on; null for the amount (on every step) and anything else. */
export function stepOfField(field: string): CheckoutStep | null {
  const head = field.split('.')[0];
  if (head === 'contact' || head === 'message' || head === 'is_anonymous') return 'contact';
  if (head === 'payment') return 'payment';
  if (head === 'address') return 'address';
  return null;
}

/** Where a refused request sends the donor: the step of its first field that has one, else where they pressed. */
export function refusedStep(context: CheckoutContext): CheckoutStep | null {
  for (const issue of requestIssues(context)) {
    const step = stepOfField(issue.field);
    if (step && context.steps.includes(step)) return step;
  }
  return context.lastStep;
}

/** The submission's input: the request as it stands, and the card to tokenise first when it is a new one. */
export function submissionInputOf(context: CheckoutContext): SubmissionInput {
  const request = requestOf(context);
  if (!request) throw new Error('checkout: submitting without a request');
  return {
    request,
    card: context.payment?.method === 'card' ? context.payment.card : null,
    cardToken: context.cardToken,
    campaignSlug: context.campaign?.slug ?? null,
    retryKey: context.retryKey,
  };
}

/** What the checkout keeps of a submission's answer: what was created and, for PIX, the charge to pay. */
export const submittedOf = (outcome: SubmissionOutcome): SubmittedPayment | null =>
  'id' in outcome ? { id: outcome.id, pix: outcome.status === 'pending_pix' ? outcome.pix : null } : null;

/** The open PIX charge the checkout waits on (awaitingPix is only entered with one). */
export function pendingPixOf(context: Pick<CheckoutContext, 'submitted'>): PendingPix {
  const pix = context.submitted?.pix;
  if (!pix) throw new Error('checkout: waiting for a PIX that no step opened');
  return pix;
}
