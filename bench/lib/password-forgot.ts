/** Median answer times of POST /password/forgot for an existing and an unknown address. */
export interface ForgotPasswordTimes {
  requests: number;
  knownMedianMs: number;
  unknownMedianMs: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function timeOnce(url: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (res.status !== 204) throw new Error(`POST ${url} answered ${res.status}`);
  return elapsed;
}

/**
 * One request at a time, the two addresses alternating so both meet the same load: the answer must not
 * tell whether an account exists, by its time any more than by its body (issue 9).
 */
export async function measureForgotPassword(
  base: string,
  knownEmail: string,
  requests = Number(process.env.BENCH_FORGOT_REQUESTS ?? 200),
): Promise<ForgotPasswordTimes> {
  // A pause after each request lets the work done after the answer finish, so it is not billed to the next one.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
  const url = `${base}/api/v1/password/forgot`;
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 10; i++) await timeOnce(url, i % 2 ? knownEmail : `ninguem-${i}@exemplo.com.br`);
  for (let i = 0; i < requests; i++) {
    known.push(await timeOnce(url, knownEmail));
    await pause();
    unknown.push(await timeOnce(url, `ninguem-${i}@exemplo.com.br`));
    await pause();
  }
  return { requests, knownMedianMs: median(known), unknownMedianMs: median(unknown) };
}
