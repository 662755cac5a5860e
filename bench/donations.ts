// `npm run bench:donations`: only the card donation's figures of `npm run bench` (the whole run takes a
// quarter of an hour): its rate and p99 at 50 donors on PGlite and PostgreSQL, pgbench's TPC-B on the same
// PostgreSQL as the anchor, and statements and commits per donation.
import { donationLine, measureDonationCost, pgbenchTps } from './lib/donation-cost';
import { measureCardDonations } from './lib/giving';
import { withScratchDatabase } from './lib/postgres';
import { withProduct } from './lib/product';

const PORT = 3903;
const env = { AUTH_RATE_LIMIT_MAX: '100000', PAYMENT_RATE_LIMIT_MAX: '1000000' };
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const tps = postgresUrl ? await withScratchDatabase(postgresUrl, async (url) => pgbenchTps(url)) : null;
const onPglite = await withProduct(PORT, env, (base) => measureCardDonations(base));
const pgliteCost = await measureDonationCost(null);
console.log(`\n${donationLine('PGlite', onPglite, pgliteCost, null)}`);
if (postgresUrl) {
  const onPostgres = await withScratchDatabase(postgresUrl, (url) =>
    withProduct(PORT, { ...env, DATABASE_URL: url }, (base) => measureCardDonations(base)),
  );
  const postgresCost = await withScratchDatabase(postgresUrl, (url) => measureDonationCost(url));
  console.log(donationLine('PostgreSQL', onPostgres, postgresCost, tps));
} else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure on PostgreSQL, with pgbench as the anchor)');
