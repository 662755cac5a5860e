import { z } from 'zod';
import { decisionPeopleFields } from './team-entry';
import { accountDigitAgrees } from './bank-check-digits';
import { BRAZILIAN_BANKS } from './brazilian-banks';
import { adminMessages as am } from './admin-messages';
import { isValidCnpj, isValidCpf, isValidPhone, normalizeCnpj, onlyDigits } from './documents';
import { plainText } from './plain-text';

/**
 * PIX keys and the accounts that receive payouts (/admin/pix-keys, /admin/pix-accounts; docs/admin.md).
 * Each key is checked for its type and kept in the form PIX uses (digits, +55…, lower-case e-mail and
 * random key); a new key or account waits for a second admin's approval, then replaces the one in force.
 */

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** The key as PIX writes it, or null when it is not a valid key of that type. */
export function normalizePixKey(type: PixKeyType, value: string): string | null {
  const text = value.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(text) ? onlyDigits(text) : null;
    case 'cnpj':
      return isValidCnpj(text) ? normalizeCnpj(text) : null;
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length <= 77 ? text.toLowerCase() : null;
    case 'phone': {
      const digits = onlyDigits(text).replace(/^55(?=\d{10,11}$)/, '');
      return isValidPhone(digits) ? `+55${digits}` : null;
    }
    case 'evp':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : null;
  }
}

export const pixKeyRequestSchema = z
  .object({
    /** A campaign's slug, or null for the general fund. */
    campaign: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(120)
      .nullable(),
    type: z.enum(PIX_KEY_TYPES, { error: am.pixKeyTypeInvalid.id }),
    key: plainText().trim().min(1, { error: am.pixKeyInvalid.id }).max(100, { error: am.pixKeyInvalid.id }),
  })
  .refine((input) => normalizePixKey(input.type, input.key) !== null, { error: am.pixKeyInvalid.id, path: ['key'] })
  .meta({
    description: 'key is a key of its type: a valid CPF or CNPJ, an e-mail, a Brazilian mobile phone, or a random key (UUID v4).',
    examples: [{ campaign: null, type: 'cpf', key: '529.982.247-25' }],
  });
export type PixKeyRequest = z.infer<typeof pixKeyRequestSchema>;

export const CHANGE_STATUSES = ['pending_approval', 'active', 'inactive', 'rejected'] as const;

/** Who asked for a change and who decided it, as the signed-in admin sees it. */
const changeDecisionFields = {
  ...decisionPeopleFields,
  /** The signed-in admin may approve or reject it now (it waits, and someone else asked): the server decides. */
  can_decide: z.boolean(),
};

export const pixKeySchema = z.object({
  id: z.string(),
  campaign: z.object({ slug: z.string(), title: z.string() }).nullable(),
  type: z.enum(PIX_KEY_TYPES),
  key: z.string(),
  status: z.enum(CHANGE_STATUSES),
  ...changeDecisionFields,
  created_at: z.string(),
});
export type PixKey = z.infer<typeof pixKeySchema>;

/** Banks by their COMPE code (Central Bank of Brazil's registry: brazilian-banks.ts). */
export const BANKS: ReadonlyArray<{ code: string; name: string }> = BRAZILIAN_BANKS.map(([code, name]) => ({ code, name }));
const BANK_NAMES = new Map(BRAZILIAN_BANKS);
export const bankName = (code: string): string | null => BANK_NAMES.get(code) ?? null;

export const ACCOUNT_TYPES = ['checking', 'savings', 'payment'] as const;

export const payoutAccountRequestSchema = z
  .object({
    bank: z
      .string()
      .refine((code) => bankName(code) !== null, { error: am.bankUnknown.id })
      .meta({ enum: BRAZILIAN_BANKS.map(([code]) => code) }),
    branch: z.string().regex(/^\d{4}$/, { error: am.branchInvalid.id }),
    account: z.string().regex(/^\d{1,12}$/, { error: am.accountInvalid.id }),
    digit: z.string().regex(/^[0-9Xx]$/, { error: am.accountDigitInvalid.id }),
    type: z.enum(ACCOUNT_TYPES),
    holder_name: plainText().trim().min(3, { error: am.holderNameRequired.id }).max(120),
    holder_document: plainText().trim(),
  })
  .refine((a) => isValidCpf(a.holder_document) || isValidCnpj(a.holder_document), {
    error: am.holderDocumentInvalid.id,
    path: ['holder_document'],
  })
  .refine((a) => accountDigitAgrees(a.bank, a.branch, a.account, a.digit), {
    error: am.accountDigitMismatch.id,
    path: ['digit'],
  })
  .meta({
    description:
      "holder_document is a valid CPF or CNPJ; at Banco do Brasil (001), Bradesco (237) and Itaú (341) the digit is the account's check digit.",
    examples: [
      {
        bank: '260',
        branch: '0001',
        account: '12345678',
        digit: '9',
        type: 'payment',
        holder_name: 'Maria da Silva',
        holder_document: '52998224725',
      },
    ],
  });
export type PayoutAccountRequest = z.infer<typeof payoutAccountRequestSchema>;

export const payoutAccountSchema = z.object({
  id: z.string(),
  bank: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  account: z.string(),
  digit: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  holder_name: z.string(),
  holder_document: z.string(),
  status: z.enum(CHANGE_STATUSES),
  ...changeDecisionFields,
  created_at: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
