import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { laneServer } from './lane-server';

/**
 * The embedded mailbox of the test's e2e server: every message is an .eml file in DATA_DIR/mail, named
 * `<ISO timestamp>-<id>.eml`, so the newest sorts last. Mail goes through an outbox job, so the
 * helpers poll instead of reading once.
 */
const mailDir = (dataDir = laneServer().dataDir): string => join(dataDir, 'mail');

/** Quoted-printable (RFC 2045) → text: soft line breaks joined, =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The readable text of a raw message: quoted-printable parts decoded, base64 parts too. */
export function readableText(raw: string): string {
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map(
    (m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [decodeQuotedPrintable(raw), ...base64Parts].join('\n');
}

async function mailFiles(dataDir?: string): Promise<string[]> {
  try {
    return (await readdir(mailDir(dataDir))).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** Whether a raw message's To header (folded lines included) names the recipient. */
function isAddressedTo(raw: string, recipient: string): boolean {
  const header = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return (/^To:.*(?:\r?\n[ \t].*)*/im.exec(header)?.[0] ?? '').toLowerCase().includes(recipient);
}

/** Waits for the newest message to `to` (and, if given, whose file sorts after `since`). */
export async function waitForMail(
  to: string,
  { timeoutMs = 20_000, since }: { timeoutMs?: number; since?: string } = {},
): Promise<{ file: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  const recipient = to.toLowerCase();
  while (Date.now() < deadline) {
    const files = (await mailFiles()).filter((name) => since === undefined || name > since).reverse();
    for (const file of files) {
      const raw = await readFile(join(mailDir(), file), 'utf8');
      if (isAddressedTo(raw, recipient)) return { file, text: readableText(raw) };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail to ${to} in ${mailDir()} after ${timeoutMs} ms`);
}

/** The newest file name now, to wait for messages sent after it. */
export async function newestMailFile(dataDir?: string): Promise<string | undefined> {
  return (await mailFiles(dataDir)).at(-1);
}

/** The app path of the reset link in a message (`/reset-password?token=…`), whatever PUBLIC_URL is. */
export function resetPathFrom(text: string): string {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=([A-Za-z0-9_\-.~%]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No reset link in the e-mail:\n${text.slice(0, 2000)}`);
  return `/reset-password?token=${match[1]}`;
}

/**
 * Waits for a message to `to` whose text matches `pattern` (the newest such), and returns the match.
 * `dataDir`: another server's data folder than the lane's (e2e/helpers/own-server.ts).
 */
export async function waitForMailMatching(
  to: string,
  pattern: RegExp,
  { timeoutMs = 20_000, dataDir, since }: { timeoutMs?: number; dataDir?: string; since?: string } = {},
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  const recipient = to.toLowerCase();
  while (Date.now() < deadline) {
    for (const file of (await mailFiles(dataDir)).filter((name) => since === undefined || name > since).reverse()) {
      const raw = await readFile(join(mailDir(dataDir), file), 'utf8');
      if (!isAddressedTo(raw, recipient)) continue;
      const match = pattern.exec(readableText(raw));
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail to ${to} matching ${pattern} in ${mailDir()} after ${timeoutMs} ms`);
}

/** The confirmation link a sign-up mailed to `to` (the newest), as written in the mail. */
export async function signUpLinkTo(to: string, options: { timeoutMs?: number; dataDir?: string; since?: string } = {}): Promise<string> {
  const match = await waitForMailMatching(
    to,
    /https?:\/\/[^\s"<>]+\/signup\/confirm\?token=[A-Za-z0-9_-]+(?:&return_url=[^\s"<>]+)?/,
    options,
  );
  return match[0];
}

/** The app path of a link in a mail (`/signup/confirm?token=…`), whatever PUBLIC_URL is. */
export const appPathOf = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
