import { chromium, type Browser } from '@playwright/test';

// A donor arriving from a WhatsApp link: a mid-range phone on a slow 4G connection, cold cache.
export const PHONE_PROFILE = {
  viewport: { width: 412, height: 823 },
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export interface FirstScreen {
  lcpMs: number;
  /** Sum of every layout shift not caused by input (the page is short-lived here, so one session window). */
  cls: number;
  /** Bytes on the wire (headers and compressed bodies) of every response finished before LCP. */
  bytesBeforeLcp: number;
}

export interface FirstScreenFigures extends FirstScreen {
  runs: FirstScreen[];
}

const SETTLE_MS = 2_500;

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

async function measureOnce(browser: Browser, url: string, throttled: boolean): Promise<FirstScreen> {
  const context = await browser.newContext({
    viewport: PHONE_PROFILE.viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'pt-BR',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE_PROFILE.latencyMs,
        downloadThroughput: PHONE_PROFILE.downloadBytesPerSecond,
        uploadThroughput: PHONE_PROFILE.uploadBytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
    }
    // Every finished response with its wire size and the monotonic time it finished (seconds), and when
    // the document's request left: the anchor between the CDP clock and the page's own.
    const finished: Array<{ at: number; bytes: number }> = [];
    let documentSentAt: number | undefined;
    cdp.on('Network.requestWillBeSent', (event: { timestamp: number; type?: string }) => {
      if (event.type === 'Document' && documentSentAt === undefined) documentSentAt = event.timestamp;
    });
    cdp.on('Network.loadingFinished', (event: { timestamp: number; encodedDataLength: number }) => {
      finished.push({ at: event.timestamp, bytes: event.encodedDataLength });
    });
    await page.addInitScript(() => {
      const figures = { lcp: 0, cls: 0 };
      (window as unknown as { __firstScreen: typeof figures }).__firstScreen = figures;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) figures.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) figures.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const { lcp, cls, fetchStart } = await page.evaluate(() => {
      const figures = (window as unknown as { __firstScreen: { lcp: number; cls: number } }).__firstScreen;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { ...figures, fetchStart: navigation.fetchStart };
    });
    const lcpAt = (documentSentAt ?? 0) + (lcp - fetchStart) / 1000;
    const bytesBeforeLcp = finished.filter((f) => f.at <= lcpAt).reduce((sum, f) => sum + f.bytes, 0);
    return { lcpMs: Math.round(lcp), cls: Math.round(cls * 1000) / 1000, bytesBeforeLcp };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median of `runs` cold loads of `url`, throttled like a phone on slow 4G or not at all. */
export async function measureFirstScreen(url: string, throttled: boolean, runs = 3): Promise<FirstScreenFigures> {
  const browser = await launch();
  try {
    const results: FirstScreen[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await measureOnce(browser, url, throttled));
    return {
      lcpMs: median(results.map((r) => r.lcpMs)),
      cls: median(results.map((r) => r.cls)),
      bytesBeforeLcp: median(results.map((r) => r.bytesBeforeLcp)),
      runs: results,
    };
  } finally {
    await browser.close();
  }
}
