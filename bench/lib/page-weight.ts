import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';

export interface PageWeight {
  scripts: number;
  gzipBytes: number;
}

/** Loads a page in Debian's Chromium and adds up the gzipped size of every JavaScript file it fetched. */
export async function javascriptWeight(url: string): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    };
    page.on('response', onResponse);
    await page.goto(url, { waitUntil: 'networkidle' });
    // A script fetched after the network went idle would be read after the browser closed, and its
    // rejected promise, awaited by no one, would end the whole bench.
    page.off('response', onResponse);
    const scripts = await Promise.all(bodies);
    return { scripts: scripts.length, gzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) };
  } finally {
    await browser.close();
  }
}
