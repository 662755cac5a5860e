import pg from 'pg';

/** A throwaway database on the server of `adminUrl`, dropped by the returned function. */
export async function withScratchDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `semear_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
