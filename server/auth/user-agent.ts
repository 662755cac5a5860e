import Bowser from 'bowser';

/** What a session's list shows of its User-Agent; null parts are unknown (the list says so in the reader's language). */
export interface DescribedAgent {
  /** "iPhone (iOS 17.1)", "Windows 10", "Android 14", "macOS"… */
  device: string | null;
  /** "Chrome 120", "Safari 17"… */
  browser: string | null;
  /** Browser and system without versions: two sessions with the same key are the same kind of device (new-device mail). */
  key: string;
}

const join = (...parts: (string | undefined)[]) => parts.filter((p) => p !== undefined && p !== '').join(' ') || null;

/**
 * Windows reports "NT 10.0", whose marketing name ("10") reads better; macOS froze its User-Agent at
 * 10.15.7 whatever the release, so its number would mislead; other systems say their own version.
 */
function systemVersion(os: { name?: string; version?: string; versionName?: string }): string | undefined {
  if (os.name === 'Windows') return os.versionName;
  if (os.name === 'macOS') return undefined;
  return os.version;
}

export function describeUserAgent(userAgent: string): DescribedAgent {
  if (userAgent.trim() === '') return { device: null, browser: null, key: '|' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = join(os.name, systemVersion(os));
  // "iPhone" says Apple already; other makers' names go before the model ("Samsung SM-S918B").
  const model = join(platform.vendor === 'Apple' ? undefined : platform.vendor, platform.model);
  const device = model ? (system ? `${model} (${system})` : model) : system;
  const major = browser.version?.split('.')[0];
  return {
    device,
    browser: browser.name ? join(browser.name, major) : null,
    key: `${browser.name ?? ''}|${os.name ?? ''}|${platform.model ?? ''}`.toLowerCase(),
  };
}
