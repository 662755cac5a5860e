import { describe, expect, it } from 'vitest';
import {
  duplicateRecipientRows,
  giftCardDefinitionSchema,
  giftCardDesignSchema,
  giftCardRecipientsSchema,
  type GiftCardDefinitionInput,
} from '../../contracts/gift-card-definition';

const now = new Date('2026-11-25T12:00:00Z');
const schema = giftCardDefinitionSchema(now);
const ana = { name: 'Ana Souza', email: 'ana@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' };
const bia = { name: 'Bia Lima', email: 'bia@exemplo.com.br', email_confirmation: 'BIA@exemplo.com.br ' };
const valid: GiftCardDefinitionInput = {
  value: 5_000,
  quantity: 2,
  template: 'girassol',
  message: 'Feliz Natal! Escolha uma causa bonita.',
  from: 'Carla',
  shipping: { mode: 'email_now' },
  recipients: [ana, bia],
};
/** The message ids of the issues, by path ('' for the whole list). */
const issues = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('gift card definition (docs/spec.md §5)', () => {
  it('accepts a whole definition and normalises the e-mails', () => {
    const parsed = schema.parse(valid);
    expect(parsed.recipients.map((r) => r.email)).toEqual(['ana@exemplo.com.br', 'bia@exemplo.com.br']);
  });

  it("value: required, whole reais, from R$ 30,00 ('O valor é obrigatório', 'Valor menor que o permitido')", () => {
    expect(issues({ ...valid, value: undefined })).toMatchObject({ value: 'validation.amount.required' });
    expect(issues({ ...valid, value: 3_050 })).toMatchObject({ value: 'validation.gift_card_value.whole_reais' });
    expect(issues({ ...valid, value: 2_900 })).toMatchObject({ value: 'validation.amount.too_low' });
    expect(issues({ ...valid, value: 3_000 })).toEqual({});
  });

  it('message, template and sender are required', () => {
    expect(issues({ ...valid, message: '   ' })).toMatchObject({ message: 'validation.gift_card_message.required' });
    expect(issues({ ...valid, template: '' })).toMatchObject({ template: 'validation.gift_card_template.required' });
    expect(issues({ ...valid, from: '' })).toMatchObject({ from: 'validation.gift_card_from.required' });
    expect(issues({ ...valid, message: 'a\u0000b' })).toMatchObject({ message: 'validation.invalid_characters' });
  });

  it('recipients: at least one; name, e-mail and an equal confirmation each', () => {
    expect(issues({ ...valid, quantity: 1, recipients: [] })).toMatchObject({ recipients: 'validation.gift_card_recipients.required' });
    expect(issues({ ...valid, recipients: [ana, { name: '', email: '', email_confirmation: '' }] })).toMatchObject({
      'recipients.1.name': 'validation.name.required',
      'recipients.1.email': 'validation.email.required',
      'recipients.1.email_confirmation': 'validation.email_confirmation.required',
    });
    expect(issues({ ...valid, recipients: [ana, { ...bia, email: 'bia@', email_confirmation: 'bia' }] })).toMatchObject({
      'recipients.1.email': 'validation.email.invalid',
      'recipients.1.email_confirmation': 'validation.email.invalid',
    });
    expect(issues({ ...valid, recipients: [ana, { ...bia, name: '', email_confirmation: 'bea@exemplo.com.br' }] })).toMatchObject({
      'recipients.1.name': 'validation.name.required',
      'recipients.1.email_confirmation': 'validation.email_confirmation.differs',
    });
    expect(issues({ ...valid, quantity: 3 })).toMatchObject({ recipients: 'validation.gift_card_recipients.count' });
  });

  it('a recipient that is not an object (null, a number) is refused as such, not a crash (the API answered 500)', () => {
    expect(() => schema.safeParse({ ...valid, quantity: 3, recipients: [null, {}, 7] })).not.toThrow();
    expect(issues({ ...valid, quantity: 3, recipients: [null, ana, 7] })).toMatchObject({
      'recipients.0': expect.any(String),
      'recipients.2': expect.any(String),
    });
  });

  it("duplicates are refused ('Apague os recebedores duplicados') and their rows named", () => {
    const twice = { ...ana, email: 'ANA@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' };
    expect(issues({ ...valid, recipients: [ana, twice] })).toEqual({ recipients: 'validation.gift_card_recipients.duplicated' });
    expect(duplicateRecipientRows([ana, bia, twice, { email: '' }, { email: '' }])).toEqual([2]);
    expect(giftCardRecipientsSchema.safeParse([ana, bia]).success).toBe(true);
  });

  it('a printable PDF needs no recipients; a scheduled send is after now and within six months', () => {
    expect(schema.parse({ ...valid, quantity: 5, shipping: { mode: 'pdf' }, recipients: [ana] }).recipients).toEqual([]);
    const at = (iso: string) => issues({ ...valid, shipping: { mode: 'email_scheduled', send_at: iso } });
    expect(at('2026-12-24T12:00:00.000Z')).toEqual({});
    expect(at('2026-12-24T09:00:00-03:00')).toEqual({});
    expect(at('')).toMatchObject({ 'shipping.send_at': 'validation.gift_card_send_at.required' });
    expect(at('2026-11-25T08:00:00-03:00')).toMatchObject({ 'shipping.send_at': 'validation.gift_card_send_at.past' });
    expect(at('2027-07-01T12:00:00Z')).toMatchObject({ 'shipping.send_at': 'validation.gift_card_send_at.too_far' });
  });

  it('the design step alone checks value, quantity, template, message and sender', () => {
    expect(giftCardDesignSchema.safeParse({ ...valid, quantity: 21 }).success).toBe(false);
    expect(giftCardDesignSchema.safeParse({ ...valid, quantity: 0 }).success).toBe(false);
    expect(giftCardDesignSchema.parse(valid)).toMatchObject({ value: 5_000, quantity: 2 });
  });
});
