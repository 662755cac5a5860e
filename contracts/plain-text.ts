import { z } from 'zod';
import { messages as m } from './messages';

/**
 * C0 controls (U+0000 NUL included), DEL and C1 controls, and lone UTF-16 surrogates. PostgreSQL refuses
 * NUL in text and in JSON ("invalid byte sequence for encoding UTF8: 0x00"), and a lone surrogate cannot
 * be encoded as UTF-8 at all (the drivers would silently store U+FFFD instead). Line breaks and tabs are
 * allowed only where the field takes several lines.
 */
// Control characters are what these patterns are for.
/* eslint-disable no-control-regex */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
/* eslint-enable no-control-regex */

/** True when `value` has nothing PostgreSQL would refuse or a one-line field should not carry. */
export const isPlainText = (value: string, options: { multiline?: boolean } = {}): boolean =>
  !(options.multiline ? MULTILINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);

/**
 * A text field of a request (body, query string or path): a string without control characters
 * ('Este campo contém caracteres inválidos'). Chain .trim(), .max() and the rest as usual; the check
 * runs first and stops the field's other checks, so one message is answered per field.
 * `error` is the message when the value is not a string at all.
 */
export const plainText = (options: { multiline?: boolean; error?: string } = {}) =>
  z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine((value) => isPlainText(value, options), { error: m.invalidCharacters.id, abort: true });

/** A path parameter (slug, id, code): the router decodes %00 and friends, so it is checked like any text. */
export const pathParam = () => plainText().min(1).max(255);
