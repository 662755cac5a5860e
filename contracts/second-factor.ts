import { z } from 'zod';
import { plainText } from './plain-text';
import { securityMessages as s } from './security-messages';

/** How an enrolled account may prove itself after its password (docs/security.md, Second factors). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A sign-in waiting for its second factor lives this long, and dies after this many wrong codes. */
export const SECOND_FACTOR_CHALLENGE_TTL_S = 5 * 60;
export const SECOND_FACTOR_CHALLENGE_MAX_WRONG = 5;
/** Per account, whatever the challenge or session: wrong codes allowed in a window, then 429 until it ends. */
export const SECOND_FACTOR_ACCOUNT_LIMIT = { maxWrong: 10, windowS: 15 * 60 } as const;

const base64url = (max: number) =>
  z
    .string({ error: s.passkeyResponseInvalid.id })
    .min(1, { error: s.passkeyResponseInvalid.id })
    .max(max, { error: s.passkeyResponseInvalid.id })
    .regex(/^[\w-]+={0,2}$/, { error: s.passkeyResponseInvalid.id });

const totpCode = plainText({ error: s.codeRequired.id })
  .trim()
  .min(1, { error: s.codeRequired.id })
  .regex(/^\d{6}$/, { error: s.totpCodeFormat.id })
  .meta({ examples: ['123456'] });

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`; case, spaces and hyphens do not matter). */
const secondFactorCode = plainText({ error: s.codeRequired.id })
  .trim()
  .min(1, { error: s.codeRequired.id })
  .max(32, { error: s.codeFormat.id })
  .regex(/^(\d{6}|[A-Za-z0-9][A-Za-z0-9 -]{8,30}[A-Za-z0-9])$/, { error: s.codeFormat.id })
  .meta({ examples: ['123456', 'abcde-fghjk'] });

const challengeToken = plainText({ error: s.challengeRequired.id })
  .min(1, { error: s.challengeRequired.id })
  .max(128, { error: s.challengeRequired.id });

const clientExtensionResults = z.record(z.string().max(64), z.unknown()).default({});
const transports = z.array(z.string().max(32)).max(10);

/**
 * A WebAuthn credential as @simplewebauthn/browser encodes it: the fields a registration and an authentication
 * share, around the `response` each carries.
 */
const credentialSchema = <R extends z.ZodRawShape>(response: R) =>
  z.object(
    {
      id: base64url(1024),
      rawId: base64url(1024),
      type: z.literal('public-key', { error: s.passkeyResponseInvalid.id }),
      authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: s.passkeyResponseInvalid.id }).optional(),
      clientExtensionResults,
      response: z.object({ clientDataJSON: base64url(8192), ...response }, { error: s.passkeyResponseInvalid.id }),
    },
    { error: s.passkeyResponseInvalid.id },
  );

/** What the browser's navigator.credentials.create() gave. */
export const registrationResponseSchema = credentialSchema({
  attestationObject: base64url(65536),
  authenticatorData: base64url(65536).optional(),
  publicKey: base64url(8192).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  transports: transports.optional(),
});

/** What navigator.credentials.get() gave. */
export const authenticationResponseSchema = credentialSchema({
  authenticatorData: base64url(65536),
  signature: base64url(8192),
  userHandle: base64url(1024).optional(),
});

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /users/profile/second-factor. `required`: ADMIN_SECOND_FACTOR=required and the account holds a money permission. */
export const secondFactorStatusSchema = z.object({
  totp: z.object({ created_at: z.iso.datetime({ offset: true }) }).nullable(),
  passkeys: z.array(passkeySchema),
  recovery_codes_left: z.number().int(),
  enrolled: z.boolean(),
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const totpConfirmSchema = z.object({ code: totpCode });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const passkeyRegistrationSchema = z.object({
  name: plainText({ error: s.passkeyNameRequired.id })
    .trim()
    .min(1, { error: s.passkeyNameRequired.id })
    .max(60, { error: s.passkeyNameTooLong.id }),
  response: registrationResponseSchema,
});
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;
export const passkeyRegisteredSchema = z.object({ passkey: passkeySchema, recovery_codes: z.array(z.string()).nullable() });
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;
export const passkeyParamsSchema = z.object({ id: z.uuid({ error: s.passkeyNotFound.id }) });

/** WebAuthn options as the browser's JSON parsers take them (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() }).meta({
  description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3)',
});

/** POST /sessions for an enrolled account: 401 with what the second step needs. */
export const secondFactorRequiredSchema = z.object({
  message: z.string(),
  code: z.literal('auth.second_factor_required'),
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const secondFactorSignInSchema = z.object({ challenge: challengeToken, code: secondFactorCode });
export type SecondFactorSignInInput = z.input<typeof secondFactorSignInSchema>;
export const passkeyChallengeSchema = z.object({ challenge: challengeToken });
export const passkeySignInSchema = z.object({ challenge: challengeToken, response: authenticationResponseSchema });
export const stepUpCodeSchema = z.object({ code: secondFactorCode });
export const stepUpPasskeySchema = z.object({ response: authenticationResponseSchema });
