import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { LoadResult } from './load';

const CAMPAIGN = 'cozinha-solidaria-recife';
/** Donors giving at once (issue 26: p99 ≤ 100 ms at 50 donors). */
export const DONORS = 50;

async function json(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A card the sandbox approves, as the browser sends it to be tokenised. */
export const tokenRequest = {
  card_number: '4111111111111111',
  exp_date: '12/34',
  cvv: '123',
  holder_name: 'Bia Bench',
  holder_document: '52998224725',
};

/** One-time card tokens from the sandbox gateway, made before the run: the browser would make them. */
export async function cardTokens(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const token = (await json(`${base}/sandbox-gateway/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tokenRequest),
    })) as { token: string };
    tokens.push(token.token);
  }
  return tokens;
}

export const donationBody = (cardToken: string) =>
  JSON.stringify({
    amount: 5000,
    payment: { method: 'card', card_token: cardToken },
    contact: { name: 'Bia Bench', email: 'bia.bench@example.com', cpf: '52998224725', telephone: '11987654321' },
    address: {
      country: 'BR',
      zip_code: '01310100',
      state: 'SP',
      city: 'São Paulo',
      street_address: 'Avenida Paulista',
      house_number: '1000',
    },
    is_anonymous: false,
  });

/**
 * Guest card donations through the sandbox gateway: each request carries a fresh Idempotency-Key and
 * a fresh one-time card token, so every one is a real charge and a ledger write.
 */
export async function measureCardDonations(
  base: string,
  requests = Number(process.env.BENCH_DONATIONS ?? 1500),
  donors = DONORS,
): Promise<LoadResult> {
  const warmUp = 100;
  const tokens = await cardTokens(base, requests + warmUp);
  let next = 0;
  const run = (amount: number) =>
    autocannon({
      url: `${base}/api/v1/campaigns/${CAMPAIGN}/donations`,
      connections: donors,
      pipelining: 1,
      amount,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: donationBody(tokens[next++ % tokens.length] as string),
          }),
        },
      ],
    });
  await run(warmUp);
  const result = await run(requests);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

export const campaignUrl = (base: string) => `${base}/api/v1/campaigns/${CAMPAIGN}`;
export const campaignPageUrl = (base: string) => `${base}/${CAMPAIGN}`;
