import * as z from 'zod/mini';
import { ADMIN_ROUTE_PERMISSIONS, type AdminPath } from './permissions';

/**
 * Search params of the web app's routes (docs/spec.md §2), validated by the router and shared with anything
 * that builds links. A malformed value is dropped (`.catch(undefined)`), never an error page: URLs
 * are typed by hand, shared and truncated.
 */

/**
 * A return_url we may send someone to after sign-in: a path on this site only. Refuses absolute
 * URLs ('http://x'), protocol-relative ones ('//evil', '/\\evil'), other schemes and control characters.
 * Returns the normalised path (pathname + search + hash) or undefined.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  const path = sameOriginPath(value);
  // Dot segments ('/.//evil', '/%2e//evil') can leave '//' at the front once resolved, and a router or
  // browser may decode the result again: every decoded form must still be a plain path on this site.
  return path !== undefined && staysOnSite(path) ? path : undefined;
}

const SITE = 'https://semear.invalid';

function sameOriginPath(value: string): string | undefined {
  try {
    const url = new URL(value, SITE);
    return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

function staysOnSite(path: string): boolean {
  let current = path;
  // A few rounds cover double encoding ('%252e'); anything still changing after that is refused.
  for (let round = 0; round < 4; round++) {
    const slashed = current.replace(/\\/g, '/');
    if (slashed.startsWith('//')) return false;
    const resolved = sameOriginPath(slashed);
    if (resolved === undefined || resolved.startsWith('//')) return false;
    const decoded = decodeLeniently(current);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return false;
    if (decoded === current) return true;
    current = decoded;
  }
  return false;
}

/** Decodes every well-formed %XX run and keeps the rest, as a forgiving router would. */
const decodeLeniently = (text: string): string =>
  text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

const optional = <T extends z.core.$ZodType>(schema: T) => z.catch(z.optional(schema), undefined);

const text = (max = 200) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** Amounts in the URL are in reais (what people read and share), e.g. ?amount=50. */
const amount = z.coerce.number().check(z.positive(), z.lte(1_000_000));
const page = z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000));

export const returnUrlSchema = z.pipe(
  z.string(),
  z.transform((v: string, ctx) => {
    const path = safeReturnPath(v);
    if (path === undefined) {
      ctx.issues.push({ code: 'custom', message: 'return_url must be a path on this site', input: v });
      return z.NEVER;
    }
    return path;
  }),
);

export const slugSchema = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(120));

/** `email`: the address the form starts with (an invitation's), typed over freely. */
export const signInSearchSchema = z.object({ return_url: optional(returnUrlSchema), email: optional(text(254)) });
export const signUpSearchSchema = z.object({ return_url: optional(returnUrlSchema), email: optional(text(254)) });
export const resetPasswordSearchSchema = z.object({ token: optional(text(512)), email: optional(text(254)) });
/** /signup/confirm: the mailed link's token, and where to go once the account exists. */
export const signUpConfirmSearchSchema = z.object({ token: optional(text(512)), return_url: optional(returnUrlSchema) });

export const searchSearchSchema = z.object({
  q: optional(text()),
  category: optional(text(120)),
  tag: optional(text(120)),
  sort: optional(z.enum(['relevance', 'recent', 'most_raised', 'ending_soon'])),
  page: optional(page),
});

export const campaignSearchSchema = z.object({ ref: optional(text(120)) });
/** /{slug}/messages and /{slug}/doadores: the page of the list (from 0, like the API). */
export const campaignListPageSearchSchema = z.object({ page: optional(page) });
export const donateSearchSchema = z.object({
  amount: optional(amount),
  shared_campaign_id: optional(text(120)),
  error: optional(text(500)),
});

/**
 * ?amount plus optional query pairs that prefill the contact step (?name=Ana&email=…&telephone=…);
 * the signed-in donor's profile fills what they leave out, and the checkout's own schema still checks them.
 */
export const monthlyCheckoutSearchSchema = z.object({
  amount: optional(amount),
  name: optional(text()),
  email: optional(text(254)),
  telephone: optional(text(40)),
});
/**
 * ?donation=<id>: the thank-you page reads the donation itself (an ?amount is ignored: anyone can
 * type one); ?campaign=<slug> (optional) lets it share the campaign when the donation cannot be read.
 */
export const donationThanksSearchSchema = z.object({ donation: optional(z.uuid()), campaign: optional(slugSchema) });
/** /profile/wallet?code=…: the gift card e-mail's button opens the wallet with the code to redeem. */
const giftCardCode = z.string().check(z.trim(), z.toLowerCase(), z.uuid());
export const walletSearchSchema = z.object({ code: optional(giftCardCode) });
/** /gift-card/resgatar?code=…: the page a gift card's e-mail button opens. */
export const giftCardRedeemSearchSchema = z.object({ code: optional(giftCardCode) });
/** /admin/team?member=&action=&page=: the team's change history, filtered (docs/admin.md). */
export const adminTeamSearchSchema = z.object({
  member: optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/))),
  action: optional(z.string().check(z.regex(/^[a-z_.]{1,80}$/))),
  page: optional(page),
});
/** /admin/privacy?kind=&page=: the DPO's list of LGPD requests (docs/privacy.md, "DPO"). */
export const dataRequestsSearchSchema = z.object({
  kind: optional(z.enum(['export', 'deletion'])),
  page: optional(page),
});
/** /convite-equipe?token=…: the team invitation's link (docs/admin.md). */
export const teamInvitationSearchSchema = z.object({ token: optional(z.string().check(z.regex(/^[\w-]{20,200}$/))) });
/** /gift-card/agradecimento?type={shipping mode or corporate}&order={id}: the order is read back with its receipt token. */
export const giftCardThanksSearchSchema = z.object({
  type: optional(z.string().check(z.regex(/^[a-z_-]{1,40}$/))),
  order: optional(z.uuid()),
});
/** /gift-card/checkout?error= (a cancelled PayPal approval). */
export const giftCardCheckoutSearchSchema = z.object({ error: optional(text(500)) });

/** /admin/sem-permissao?pagina=: the admin page a member was sent away from (docs/admin.md). */
export const adminDeniedSearchSchema = z.object({
  pagina: optional(z.enum(Object.keys(ADMIN_ROUTE_PERMISSIONS) as [AdminPath, ...AdminPath[]])),
});

/** /admin/campaigns?q=&status=&category=&sort=&page= (docs/admin.md). */
export const adminCampaignsSearchSchema = z.object({
  q: optional(text()),
  status: optional(z.enum(['draft', 'scheduled', 'published', 'paused', 'ended', 'archived'])),
  category: optional(slugSchema),
  sort: optional(z.enum(['relevance', 'recent', 'most_raised', 'ending_soon'])),
  page: optional(page),
});
export const adminCampaignEditSearchSchema = z.object({ slug: optional(slugSchema) });
/** /pre-visualizacao?campaign={id}: the editor's preview of a campaign's saved draft. */
export const campaignPreviewSearchSchema = z.object({ campaign: optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/))) });
/** /admin/finances?preset= or ?from=&to= (São Paulo days; docs/admin.md). */
export const adminFinancesSearchSchema = z.object({
  preset: optional(z.enum(['this_month', 'last_month', 'last_30_days', 'this_year'])),
  from: optional(z.iso.date()),
  to: optional(z.iso.date()),
});
/** /admin/donations?campaign=&method=&status=&from=&to=&min=&max=&q=&page=&donation= (docs/admin.md); amounts in cents. */
export const adminDonationsSearchSchema = z.object({
  page: optional(page),
  q: optional(text()),
  status: optional(z.enum(['pending', 'confirmed', 'failed', 'expired', 'refunded'])),
  method: optional(z.enum(['card', 'saved_card', 'pix', 'paypal', 'gift_card', 'wallet'])),
  campaign: optional(slugSchema),
  from: optional(z.iso.date()),
  to: optional(z.iso.date()),
  min: optional(z.coerce.number().check(z.int(), z.minimum(0))),
  max: optional(z.coerce.number().check(z.int(), z.minimum(0))),
  /** The donation whose history is open. */
  donation: optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/))),
});

export type SignInSearch = z.infer<typeof signInSearchSchema>;
export type SearchSearch = z.infer<typeof searchSearchSchema>;
export type DonateSearch = z.infer<typeof donateSearchSchema>;
