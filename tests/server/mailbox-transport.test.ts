import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailTransport, mailboxFolder } from '../../server/services/mail/mail-transport';

const dataDir = mkdtempSync(join(tmpdir(), 'semear-mailbox-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const mail = (id: string) => ({
  id,
  from: 'Semear <nao-responda@semear.org>',
  to: 'ana@example.org',
  subject: 'Recibo',
  text: 'Obrigada!',
  html: null,
});

describe('the embedded mailbox (no SMTP_URL)', () => {
  it('writes each message as a file any mail program opens, also after the mailbox folder was removed', async () => {
    const transport = createMailTransport({ smtpUrl: null, dataDir });
    const first = await transport.send(mail('m1'));
    expect(first.startsWith(mailboxFolder(dataDir))).toBe(true);
    expect(readFileSync(first, 'utf8')).toMatch(/^Subject: Recibo$/m);
    rmSync(mailboxFolder(dataDir), { recursive: true });
    const second = await transport.send(mail('m2'));
    expect(readFileSync(second, 'utf8')).toMatch(/Message-ID: <m2@semear\.mail>/);
    transport.close();
  });
});
