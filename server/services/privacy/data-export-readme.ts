import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { Translator } from '../../i18n/translator';
import type { ExportFiles } from './data-export-contents';
import { dataExportMessages as dm } from './data-export-messages';

/** What each file of the ZIP holds, said in the README (a file without a line here is a bug the test finds). */
const FILE_DESCRIPTIONS: Record<string, MessageDescriptor> = {
  'profile.json': dm.fileProfile,
  'addresses.json': dm.fileAddresses,
  'donations.json': dm.fileDonations,
  'statements.json': dm.fileStatements,
  'subscriptions.json': dm.fileSubscriptions,
  'saved-cards.json': dm.fileCards,
  'wallet.json': dm.fileWallet,
  'gift-cards.json': dm.fileGiftCards,
  'notifications.json': dm.fileNotifications,
  'preferences.json': dm.filePreferences,
  'sessions.json': dm.fileSessions,
  'second-factors.json': dm.fileSecondFactors,
  'data-requests.json': dm.fileDataRequests,
};

const LANGUAGE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** The README.txt of a copy, in the account's language: what it is, each file, what is left out and why, whom to ask. */
export function readmeOf(
  translator: Translator,
  locale: Locale,
  input: { email: string; at: Date; files: ExportFiles; dpoContact: string },
): string {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const date = input.at.toLocaleString(LANGUAGE_TAGS[locale], { timeZone: 'America/Sao_Paulo', dateStyle: 'long', timeStyle: 'short' });
  const lines = input.files.map((file) => {
    const description = FILE_DESCRIPTIONS[file.name];
    if (!description) throw new Error(`data export: ${file.name} has no description in the README`);
    return `- ${file.name}: ${t(description)}`;
  });
  const dpo = input.dpoContact.trim();
  return [
    t(dm.readmeTitle),
    '',
    t(dm.readmeIntro, { email: input.email, date }),
    '',
    t(dm.readmeFiles),
    ...lines,
    '',
    t(dm.readmeSecrets),
    ...(dpo ? ['', t(dm.readmeDpo, { contact: dpo })] : []),
    '',
  ].join('\n');
}
