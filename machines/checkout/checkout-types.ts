import {
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  type CardInput,
  type CardToken,
  type CheckoutAddressInput,
  type ContactInput,
  type Payment,
  type PaymentMethod,
  type SavedCard,
} from '../../contracts';

/** The checkout's vocabulary: its steps, what the donor chooses, the machine's input and context. */

/** An open PIX charge: what the donor needs to pay it, and how to ask about it again. */
export interface PendingPix {
  id: string;
  receiptToken: string | null;
  payment: Payment;
}

/** What was created, once the API answered. */
export type SubmittedPayment = { id: string; pix: PendingPix | null };

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
  /** The fields refused, in screen order: the view highlights each and names them in its summary. */
  fields?: FieldIssue[];
}

/** A refused field: its path in the request ('amount', 'contact.cpf', 'address.state') and the message id. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * What a donor typed, kept across a sign-in (the visitor prompt leaves the page): never a new card,
 * whose number and CVV live in memory only. `step` is the screen they were on.
 */
export interface CheckoutProgress {
  step: CheckoutStep;
  amount: number | null;
  campaign: CheckoutCampaign | null;
  contact: Partial<ContactInput>;
  message: string;
  isAnonymous: boolean;
  payment: Exclude<PaymentChoice, { method: 'card' }> | null;
  address: CheckoutAddressInput | null;
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
  /** The donor's registered address: the address step starts filled with it (one tap to confirm). */
  registeredAddress?: CheckoutAddressInput | null;
  sharedCampaignId?: string | null;
  /** May the donor say they live abroad? (Default true; /doacao-pix: false, PIX needs a Brazilian account.) */
  allowForeigner?: boolean;
  /** Only a company (CNPJ) may pay: a corporate gift-card order. Default false. */
  companyOnly?: boolean;
  /** Cents the amount may take (default: a one-time donation's; the monthly checkout's is its own). */
  amountRange?: AmountRange;
  /** Progress saved before the donor left to sign in: it wins over the prefill, and the donor lands on its step. */
  resume?: CheckoutProgress | null;
  /**
   * The Idempotency-Key of an attempt this page sent and never heard back about (a lost answer, a
   * reload, a closed tab): the checkout first asks what became of it, and a new attempt reuses it.
   */
  openAttempt?: string | null;
}

export interface AmountRange {
  min: number;
  max: number;
}

export const ONE_TIME_AMOUNT_RANGE: AmountRange = { min: DONATION_MIN_CENTS, max: DONATION_MAX_CENTS };

export interface CheckoutContext {
  steps: readonly CheckoutStep[];
  methods: readonly PaymentMethod[];
  signedIn: boolean;
  allowForeigner: boolean;
  companyOnly: boolean;
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
  /** The submission's answer while it is still open (a PIX to pay), or once confirmed. */
  submitted: SubmittedPayment | null;
  failure: CheckoutFailure | null;
  /**
   * The Idempotency-Key of an attempt without a final answer (cut by the network, or left open by an
   * earlier visit): every attempt until one is answered reuses it, so the server answers with the first.
   */
  retryKey: string | null;
  savedCards: SavedCard[] | null;
  walletBalance: number | null;
  /** The session ended while the checkout was open: the view says so (and what it dropped). */
  signedOutWhileOpen: boolean;
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
