import { randomUUID } from 'node:crypto';

const CAMPAIGN = 'cozinha-solidaria-recife';
/** A page as the notifications screen asks for it (docs/spec.md §9: 30 from page 0). */
const PAGE_QUERY = 'page=0&amount=30';

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

async function notificationTotal(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/v1/notifications?page=0&amount=1`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET notifications failed: ${res.status} ${await res.text()}`);
  return Number(res.headers.get('x-total-count') ?? 0);
}

/** One sandbox card donation by the signed-in donor: the donation it confirms notifies them. */
async function giveOnce(base: string, token: string): Promise<void> {
  const card = (await post(`${base}/sandbox-gateway/v1/tokens`, {
    card_number: '4111111111111111',
    exp_date: '12/34',
    cvv: '123',
    holder_name: 'Davi Doador',
    holder_document: '11144477735',
  })) as { token: string };
  await post(
    `${base}/api/v1/campaigns/${CAMPAIGN}/donations`,
    {
      amount: 1000,
      payment: { method: 'card', card_token: card.token },
      contact: { name: 'Davi Doador', email: 'doador@semear.dev', cpf: '11144477735', telephone: '11987654321' },
      address: {
        country: 'BR',
        zip_code: '01310100',
        state: 'SP',
        city: 'São Paulo',
        street_address: 'Avenida Paulista',
        house_number: '1000',
      },
      is_anonymous: false,
    },
    { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  );
}

/**
 * Gives the signed-in donor (the demo donor in `npm run bench`) at least `count` notifications, through
 * the API only: sandbox card donations, five at a time, each of which notifies the donor. Answers the
 * URL and headers to measure: GET /notifications?page=0&amount=30, a full first page.
 */
export async function seedNotifications(
  base: string,
  token: string,
  count = 60,
): Promise<{ url: string; headers: Record<string, string> }> {
  let missing = count - (await notificationTotal(base, token));
  while (missing > 0) {
    const batch = Math.min(missing, 5);
    await Promise.all(Array.from({ length: batch }, () => giveOnce(base, token)));
    missing -= batch;
  }
  const total = await notificationTotal(base, token);
  if (total < count) throw new Error(`expected ${count} notifications, found ${total}`);
  return { url: `${base}/api/v1/notifications?${PAGE_QUERY}`, headers: { authorization: `Bearer ${token}` } };
}
