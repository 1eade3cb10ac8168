import { z } from 'zod';

// Every text the API takes goes through one of these two, so that no text field can carry a NUL
// (which PostgreSQL text cannot hold: a stored or searched NUL failed with a 500) nor a line break
// where the text is shown on one line (a name with a line break wrote lines of its own into mails).
// Messages are keys of the `validation` catalog (see schemas/auth.ts).

/** C0 controls (NUL among them), DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but for the tab and the line feed, which a text of several lines keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_BUT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** True when the text has a control character: any for one line, or any but tab and line feed. */
export function hasControlCharacters(text: string, lines: 'single' | 'multi' = 'single'): boolean {
  return (lines === 'single' ? CONTROL : CONTROL_BUT_TAB_AND_LINE_FEED).test(text);
}

/** Line ends typed on Windows or old Macs become line feeds, before the check. */
const lineFeeds = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * A lone surrogate (half of a UTF-16 pair, which no keyboard types) becomes U+FFFD, as it would in a
 * text column: in jsonb (a saved search's query) PostgreSQL refuses it, which failed with a 500.
 */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

type Params = { error?: string };

/**
 * One line of text (a name, a title, a search): made well-formed and trimmed, then refused
 * (`singleLine`) when it holds a control character, line breaks and tabs among them. Chain `.min()`
 * and `.max()` after it: the control check comes first and stops the others.
 */
export const singleLineText = (params: Params = {}) =>
  z
    .string(params)
    .overwrite(wellFormed)
    .trim()
    .refine((text) => !CONTROL.test(text), { message: 'singleLine', abort: true });

/**
 * Text of several lines (an ad's description, a message, a reason): made well-formed, line ends
 * made line feeds, trimmed, then refused (`controlCharacters`) when it holds a control character other than a tab or
 * a line feed.
 */
export const multiLineText = (params: Params = {}) =>
  z
    .string(params)
    .overwrite((text) => lineFeeds(wellFormed(text)))
    .trim()
    .refine((text) => !CONTROL_BUT_TAB_AND_LINE_FEED.test(text), {
      message: 'controlCharacters',
      abort: true,
    });

/**
 * A string taken as it is, not trimmed (a new password, a token), refused (`singleLine`) with a
 * control character.
 */
export const untrimmedSingleLine = (params: Params = {}) =>
  z.string(params).refine((text) => !CONTROL.test(text), { message: 'singleLine', abort: true });
