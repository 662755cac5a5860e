import { CURRENCY, FORMAT_LOCALE, TIME_ZONE } from '../../contracts/constants';

// Brazilian formatting whatever the language (docs/spec.md §1), as src/app/format.ts does on the web.
const money = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });
const DATE_TIME = {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;
const dateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, DATE_TIME);

/** 'R$ 50,00' with a non-breaking space after the symbol, as on the web: for HTML pages. */
export const formatBrl = (cents: number): string => money.format(cents / 100);

/** 'R$ 50,00' with a plain space: for e-mail subjects and plain text, which clients read alike. */
export const formatBrlText = (cents: number): string => formatBrl(cents).replace(/\s/g, ' ');

/** '22/11/2026, 14:05' in Brasília time. */
export const formatBrazilianDateTime = (date: Date): string => dateTime.format(date);

const LONG_DATE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es' } as const;

/** '25 de maio de 2027' (in Brasília time), written out in the reader's language: e-mails and the PDF. */
export const formatLongDate = (date: Date, locale: keyof typeof LONG_DATE_TAGS): string =>
  new Intl.DateTimeFormat(LONG_DATE_TAGS[locale], { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(date);

const spreadsheetDateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, { ...DATE_TIME, second: '2-digit', hourCycle: 'h23' });

/** '22/11/2026 14:05:09' in Brasília time, as Brazilian spreadsheets read a date and time: for exports. */
export const formatSpreadsheetDateTime = (date: Date): string => spreadsheetDateTime.format(date).replace(', ', ' ');
