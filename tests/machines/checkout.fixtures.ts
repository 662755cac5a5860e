import type {
  CardToken,
  CepLookupResult,
  CheckoutAddressInput,
  ContactInput,
  DonationResult,
  PaymentMethod,
  SavedCard,
} from '../../contracts';
import {
  failureOf,
  type CheckoutInput,
  type PaymentChoice,
  type SubmissionAnswer,
  type SubmissionOutcome,
} from '../../machines/checkout/checkout.machine';
import { errorCodes } from '../../contracts';
import type { PixCheck } from '../../machines/checkout/pix-payment.machine';
import { donationAnswerOf, donationPixCheckOf } from '../../src/features/checkout/donation-outcomes';

/** Test data for the checkout machine and its views: valid unless the name says otherwise. */

export const contact: ContactInput = { name: 'Ana Souza', email: 'ana@exemplo.com', cpf: '529.982.247-25', telephone: '(11) 98765-4321' };
export const foreignContact: ContactInput = {
  foreigner: true,
  name: 'John Smith',
  email: 'john@example.com',
  telephone: '+1 555 123 4567',
};
export const companyContact: ContactInput = {
  is_company: true,
  corporate_name: 'Acme Ltda',
  contact_name: 'Carla Dias',
  email: 'rh@acme.com.br',
  cnpj: '12.ABC.345/01DE-35',
  telephone: '(11) 98765-4321',
};
export const invalidContact: ContactInput = { name: 'Ana', email: 'not-an-email', cpf: '111.111.111-11', telephone: '12' };

export const address: CheckoutAddressInput = {
  country: 'BR',
  zip_code: '50030-230',
  state: 'PE',
  city: 'Recife',
  neighborhood: 'Boa Vista',
  street_address: 'Rua da Aurora',
  house_number: '100',
  complement: '',
};
export const foreignAddress: CheckoutAddressInput = {
  country: 'US',
  zip_code: '10001',
  state: 'NY',
  city: 'New York',
  street_address: '5th Avenue',
  house_number: '1',
  neighborhood: '',
  complement: '',
};

export const card = {
  card_number: '4111 1111 1111 1111',
  exp_date: '12/34',
  cvv: '123',
  holder_name: 'Ana Souza',
  holder_document: '529.982.247-25',
};
export const declinedCard = { ...card, card_number: '4000 0000 0000 0002' };
export const cardChoice: PaymentChoice = { method: 'card', card, save_card: false };
export const invalidCardChoice: PaymentChoice = { method: 'card', card: { ...card, card_number: '4111 1111 1111 1112' }, save_card: false };
export const giftCode = '6f1c2a9e-3b7d-4c8e-9a1f-2d5e7b8c9a10';

export const cardToken: CardToken = {
  token: 'tok_sandbox_1',
  brand: 'visa',
  last4: '1111',
  exp_month: 12,
  exp_year: 2034,
  holder_name: 'Ana Souza',
};
export const savedCard: SavedCard = {
  id: '0b7c3f7e-6a0d-4f51-9c1b-8e9d7a6b5c4d',
  brand: 'visa',
  last4: '1111',
  exp_month: 12,
  exp_year: 2034,
  holder_name: 'ANA SOUZA',
  is_default: true,
  created_at: '2026-11-01T12:00:00.000Z',
};
export const cepResult: CepLookupResult = {
  zip_code: '50030230',
  state: 'PE',
  city: '',
  neighborhood: '',
  street_address: '',
  source: 'embedded',
};

export const campaign = { slug: 'cozinha-solidaria-recife', title: 'Cozinha Solidária Recife', cover_url: null };

export function donationResult(
  method: PaymentMethod,
  status: 'confirmed' | 'pending' | 'expired' | 'failed',
  overrides: Partial<DonationResult['payment']> = {},
): DonationResult {
  return {
    donation: {
      id: 'd0a1b2c3-0000-4000-8000-000000000001',
      status,
      amount: 5000,
      payment_method: method,
      campaign: { slug: campaign.slug, title: campaign.title },
      is_anonymous: false,
      message: null,
      created_at: '2026-11-22T12:00:00.000Z',
      confirmed_at: status === 'confirmed' ? '2026-11-22T12:00:01.000Z' : null,
    },
    payment: {
      method,
      status: status === 'confirmed' ? 'succeeded' : status,
      failure_code: status === 'failed' ? 'payment.declined' : null,
      card_brand: method === 'card' ? 'visa' : null,
      card_last4: method === 'card' ? '1111' : null,
      br_code:
        method === 'pix'
          ? '00020101021226580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406050.005802BR5914SEMEAR DOACOES6006RECIFE62140510SEMEARTX0163041D3A'
          : null,
      qr_code: method === 'pix' ? 'data:image/png;base64,iVBORw0KGgo=' : null,
      // Far ahead: the view's countdown must not expire the charge during a test.
      expires_at: method === 'pix' ? '2099-11-22T12:30:00.000Z' : null,
      approve_url: method === 'paypal' ? '/sandbox-gateway/paypal/orders/PAYID1/approve' : null,
      sandbox_pay_url: method === 'pix' ? '/sandbox-gateway/pix/SEMEARTX01' : null,
      ...overrides,
    },
    receipt_token: 'rt_123',
  };
}

export const declined = { status: 402, code: 'payment.declined', messages: ['Pagamento recusado pelo banco emissor. Tente outro cartão.'] };
export const networkError = { status: 0, code: undefined, messages: ['error.unknown'], idempotencyKey: 'key-1' };
/** The API's answer in the checkout's terms, as the donation provider maps it. */
export const answer = (...args: Parameters<typeof donationResult>) => donationAnswerOf(donationResult(...args));
/** One look at an open PIX, as the donation provider maps it. */
export const pixCheck = (status: 'confirmed' | 'pending' | 'expired' | 'failed'): PixCheck =>
  donationPixCheckOf(donationResult('pix', status));

/** An answer that is not a decline is also how the submission ends. */
function ended(outcome: SubmissionAnswer): SubmissionOutcome {
  if (outcome.status === 'declined') throw new Error('fixture: a decline ends with its failure');
  return outcome;
}

/** How a submission ends (the parent checkout's view of its child `submission`). */
export const outcomes = {
  confirmed: ended(answer('card', 'confirmed')),
  pendingPix: ended(answer('pix', 'pending')),
  pendingPaypal: ended(answer('paypal', 'pending')),
  declined: { status: 'declined', failure: failureOf(declined) },
  interrupted: { status: 'interrupted', failure: failureOf(networkError), retryKey: 'key-1', cardToken: null },
} satisfies Record<string, SubmissionOutcome>;

export const giftCardMissing = { status: 404, code: 'gift_card.not_found', messages: ['Gift-card não encontrado'] };
export const cepMissing = { status: 404, code: 'cep.not_found', messages: ['CEP não encontrado'] };

export const guestInput: CheckoutInput = {
  steps: ['contact', 'payment', 'address'],
  methods: ['card', 'saved_card', 'pix', 'paypal', 'gift_card', 'wallet'],
  amount: 5000,
  campaign,
  signedIn: false,
};
/** As /doacao-pix: PIX only, no foreigner option. */
export const pixOnlyInput: CheckoutInput = {
  steps: ['contact', 'payment'],
  methods: ['pix'],
  amount: 5000,
  campaign: null,
  signedIn: false,
  allowForeigner: false,
};
/** A donor back from signing in on the payment step, with a registered address (prefilled on the address step). */
/** GET …/attempts/{key} found nothing under the key (the 404 of the API client). */
export const attemptUnknown = { status: 404, code: errorCodes.idempotencyAttemptUnknown, messages: ['error.idempotency_attempt_unknown'] };

/** A reload of the campaign checkout after an attempt whose answer was lost (its key kept by the page). */
export const reloadedInput: CheckoutInput = { ...guestInput, openAttempt: '5b0f3c2e-7d41-4a8e-9c55-2f1d0e6b7a90' };

export const resumedInput: CheckoutInput = {
  ...guestInput,
  signedIn: true,
  registeredAddress: address,
  resume: { step: 'payment', amount: 5000, campaign, contact, message: 'Força!', isAnonymous: false, payment: null, address: null },
};
