import {
  cardInputSchema,
  addressCountryIssue,
  checkoutAddressSchema,
  contactSchema,
  DONATION_MESSAGE_MAX,
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  donationRequestSchema,
  errorCodes,
  paymentInputSchema,
  type CardInput,
  type CardToken,
  type CepLookupResult,
  type CheckoutAddressInput,
  type ContactInput,
  type DonationRequestInput,
  type DonationResult,
  type PaymentInput,
  type PaymentMethod,
  type SavedCard,
} from '../../contracts';

/**
 * The checkout's vocabulary and its pure rules (which step comes next, which payment methods a donor
 * may use, what the API will be sent). The machine (checkout.machine.ts) only wires them to states.
 */

export const CHECKOUT_STEPS = ['contact', 'payment', 'address'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What the donor chose on the payment step. A new card is kept as typed until it is tokenised. */
export type PaymentChoice =
  | { method: 'card'; card: CardInput; save_card: boolean }
  | { method: 'saved_card'; card_id: string }
  | { method: 'pix' }
  | { method: 'paypal' }
  | { method: 'gift_card'; code: string }
  | { method: 'wallet' };

export interface CheckoutCampaign {
  slug: string;
  title: string;
  cover_url?: string | null;
}

/** Why a submission or a check failed: an error code (contracts errorCodes) and the server's texts. */
export interface CheckoutFailure {
  code: string;
  messages: string[];
}

export interface CheckoutInput {
  /** Which steps, in which order (e.g. ['contact', 'payment', 'address']; /doacao-pix: ['contact', 'payment']). */
  steps: readonly CheckoutStep[];
  /** Payment methods this checkout offers; foreigner/sign-in rules narrow them further. */
  methods: readonly PaymentMethod[];
  /** Cents; null until the donor picks one. */
  amount?: number | null;
  /** null: the general fund. */
  campaign?: CheckoutCampaign | null;
  signedIn?: boolean;
  /** Prefill (e.g. from the signed-in user's profile). */
  contact?: Partial<ContactInput>;
  /** The donor's registered address, offered as "Usar meu endereço cadastrado". */
  registeredAddress?: CheckoutAddressInput | null;
  sharedCampaignId?: string | null;
  /** May the donor say they live abroad? (Default true; /doacao-pix: false, PIX needs a Brazilian account.) */
  allowForeigner?: boolean;
  /** Cents the amount may take (default: a one-time donation's; the monthly checkout's is its own). */
  amountRange?: AmountRange;
}

export interface AmountRange {
  min: number;
  max: number;
}

const ONE_TIME_AMOUNT_RANGE: AmountRange = { min: DONATION_MIN_CENTS, max: DONATION_MAX_CENTS };

export interface CheckoutContext {
  steps: readonly CheckoutStep[];
  methods: readonly PaymentMethod[];
  signedIn: boolean;
  allowForeigner: boolean;
  amount: number | null;
  amountRange: AmountRange;
  campaign: CheckoutCampaign | null;
  sharedCampaignId: string | null;
  contact: ContactInput;
  message: string;
  isAnonymous: boolean;
  payment: PaymentChoice | null;
  address: CheckoutAddressInput;
  registeredAddress: CheckoutAddressInput | null;
  /** Steps whose data passed their schema (and still fits the others: see stillValid). */
  completed: CheckoutStep[];
  /** The step the donor last submitted, to know which comes next. */
  lastStep: CheckoutStep | null;
  /** The one-time gateway token of a new card (memory only; never the card number). */
  cardToken: CardToken | null;
  result: DonationResult | null;
  failure: CheckoutFailure | null;
  /** The Idempotency-Key of a submission cut by a network error: a retry of it must reuse it. */
  retryKey: string | null;
  cep: CepLookupResult | null;
  cepFailure: string | null;
  savedCards: SavedCard[] | null;
  walletBalance: number | null;
}

export const emptyContact: ContactInput = {
  is_company: false,
  foreigner: false,
  name: '',
  corporate_name: '',
  contact_name: '',
  email: '',
  contact_email: '',
  cpf: '',
  cnpj: '',
  telephone: '',
};

export const emptyCheckoutAddress: CheckoutAddressInput = {
  country: 'BR',
  zip_code: '',
  state: '',
  city: '',
  neighborhood: '',
  street_address: '',
  complement: '',
  house_number: '',
};

export function initialContext(input: CheckoutInput): CheckoutContext {
  return {
    steps: input.steps,
    methods: input.methods,
    signedIn: input.signedIn ?? false,
    allowForeigner: input.allowForeigner ?? true,
    amount: input.amount ?? null,
    amountRange: input.amountRange ?? ONE_TIME_AMOUNT_RANGE,
    campaign: input.campaign ?? null,
    sharedCampaignId: input.sharedCampaignId ?? null,
    contact: { ...emptyContact, ...input.contact, ...(input.allowForeigner === false ? { foreigner: false } : {}) },
    message: '',
    isAnonymous: false,
    payment: null,
    address: emptyCheckoutAddress,
    registeredAddress: input.registeredAddress ?? null,
    completed: [],
    lastStep: null,
    cardToken: null,
    result: null,
    failure: null,
    retryKey: null,
    cep: null,
    cepFailure: null,
    savedCards: null,
    walletBalance: null,
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

export const isContactValid = (contact: ContactInput, message: string | undefined, allowForeigner = true): boolean =>
  contactSchema.safeParse(contact).success && (message ?? '').length <= DONATION_MESSAGE_MAX && (allowForeigner || contact.foreigner !== true);

export function isAddressValid(address: CheckoutAddressInput, foreigner: boolean): boolean {
  const parsed = checkoutAddressSchema.safeParse(address);
  return parsed.success && addressCountryIssue(parsed.data.country, foreigner) === null;
}

/** The API's payment object; a new card is sent as its token (a placeholder until tokenised). */
export function paymentInputOf(choice: PaymentChoice, cardToken: CardToken | null): PaymentInput {
  if (choice.method === 'card') return { method: 'card', card_token: cardToken?.token ?? 'pending-token', save_card: choice.save_card };
  return choice;
}

/** Is this choice well formed and allowed for this donor? (Balances are checked separately.) */
export function isPaymentValid(context: CheckoutContext, choice: PaymentChoice): boolean {
  if (!availableMethods(context).includes(choice.method)) return false;
  if ((choice.method === 'wallet' || choice.method === 'saved_card') && !context.signedIn) return false;
  if (choice.method === 'card') {
    if (choice.save_card && !context.signedIn) return false;
    return cardInputSchema.safeParse(choice.card).success;
  }
  if (choice.method === 'wallet') return context.walletBalance !== null && context.amount !== null && context.walletBalance >= context.amount;
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
  return request !== null && isAmountInRange(context) && context.steps.every((step) => context.completed.includes(step)) && donationRequestSchema.safeParse(request).success;
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

/** What an actor's rejection tells us, read defensively (the machine does not know the HTTP client). */
export function failureOf(error: unknown, fallback: string = errorCodes.paymentFailed): CheckoutFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; messages?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : fallback,
    messages: Array.isArray(e.messages) ? e.messages.filter((m): m is string => typeof m === 'string') : [],
  };
}

/** A submission that never reached the server (status 0) and may be retried with the same key. */
export function retryKeyOf(error: unknown): string | null {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; idempotencyKey?: unknown };
  return e.status === 0 && typeof e.idempotencyKey === 'string' ? e.idempotencyKey : null;
}
