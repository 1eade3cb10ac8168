import fc from 'fast-check';
import { COUNTY_CODES } from '../../../common/counties';
import { LEGAL_CHOICES } from '../../../common/legal';
import {
  ADDRESS_MAX,
  BARREL_LENGTH_MAX_MM,
  BRAND_MAX,
  CALIBER_MAX,
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LOCATION_MAX,
  MAX_IMAGES,
  MESSAGE_MAX,
  MODEL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  PRICE_MAX,
  REPORT_DETAILS_MAX,
  SUBCATEGORY_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from '../../../common/limits';
import {
  ASSIGNABLE_ROLES,
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
} from '../../../common/schemas/admin';
import { ACTIONS, CATEGORIES, CONDITIONS, LANGUAGES, REPORT_REASONS } from '../../../common/values';
import {
  booleanField,
  coercedNumberField,
  emailField,
  enumField,
  type Field,
  fittedText,
  hostileText,
  notABoolean,
  notAString,
  notAUuid,
  notInEnum,
  optionalIntField,
  optionalTextField,
  secretField,
  type Tagged,
  tag,
  textField,
  tooLongText,
  withControlCharacter,
} from './arbitraries';

// ——— Fields of the shared schemas (common/schemas) ———

const imageIdsField: Field = {
  name: 'imageIds',
  required: false,
  valid: fc.constant([]),
  invalid: fc.oneof(
    fc.constantFrom('abc', 5, {}, null, true, 'null').map((value): Tagged => ({ kind: 'wrong-type', value })),
    fc
      .array(notAUuid, { minLength: 1, maxLength: MAX_IMAGES })
      .map((value): Tagged => ({ kind: 'bad-id', value })),
    fc
      .uniqueArray(fc.uuid(), { minLength: MAX_IMAGES + 1, maxLength: MAX_IMAGES + 5 })
      .map((value): Tagged => ({ kind: 'out-of-range', value })),
    // Well-formed, but nobody uploaded them: refused by the command, inside its transaction.
    fc
      .uniqueArray(fc.uuid({ version: 4 }), { minLength: 1, maxLength: MAX_IMAGES })
      .map((value): Tagged => ({ kind: 'bad-id', value })),
    fc.uuid({ version: 4 }).map((id): Tagged => ({ kind: 'bad-id', value: [id, id] })),
  ),
};

/** One of ACTIONS, or none (null or empty). */
const actionField: Field = {
  ...enumField('action', ACTIONS, false),
  valid: fc.oneof(fc.constantFrom(...ACTIONS), fc.constant(null), fc.constant('')),
  invalid: fc.oneof(
    tag(
      'bad-enum',
      notInEnum(ACTIONS).filter((value) => value !== ''),
    ),
    tag('wrong-type', fc.oneof(fc.integer(), fc.boolean(), fc.constant(['bolt']))),
  ),
};

export const AD_FIELDS: Field[] = [
  textField('title', TITLE_MIN, TITLE_MAX),
  textField('description', DESCRIPTION_MIN, DESCRIPTION_MAX, true, 'multi'),
  enumField('category', CATEGORIES),
  optionalTextField('subcategory', SUBCATEGORY_MAX),
  enumField('condition', CONDITIONS),
  // A price must be positive (issue 26, item 16): 0 is out of range.
  coercedNumberField('price', 1, PRICE_MAX),
  enumField('county', COUNTY_CODES),
  textField('location', 1, LOCATION_MAX),
  optionalTextField('brand', BRAND_MAX),
  optionalTextField('model', MODEL_MAX),
  optionalTextField('caliber', CALIBER_MAX),
  actionField,
  optionalIntField('barrelLength', BARREL_LENGTH_MAX_MM),
  optionalIntField('capacity', CAPACITY_MAX),
  imageIdsField,
  // Issue 12: a weapon's lawful category and the seller's declaration. Valid values fit every
  // category (others ignore them); null is allowed, since accessories and optics need neither.
  {
    name: 'legalCategory',
    required: false,
    alwaysSent: true,
    valid: fc.constantFrom('authorisation', 'declaration', 'non-lethal'),
    invalid: fc.oneof(
      notInEnum(LEGAL_CHOICES).map((value): Tagged => ({ kind: 'bad-enum', value })),
      notAString({ nullable: true }).map((value): Tagged => ({ kind: 'wrong-type', value })),
    ),
  },
  {
    name: 'declaration',
    required: false,
    alwaysSent: true,
    valid: fc.constant(true),
    invalid: notABoolean({ nullable: true }).map((value): Tagged => ({ kind: 'wrong-type', value })),
  },
];

export const phoneField: Field = {
  name: 'phone',
  required: false,
  valid: fc.constantFrom('+40 721 234 567', '0721234567', '(021) 555-0101', '+40.21.555.01.01', null, ''),
  invalid: fc.oneof(
    fc
      .constantFrom(
        'abc',
        '12345',
        '+40 72a 123',
        '\u0660\u0667\u0662\u0661\u0662\u0663\u0664\u0665\u0666\u0667',
        '++40721234567',
        '0721-234-567 ext 5',
        '<script>alert(1)</script>',
        "0721' OR 1=1",
        '0721234567#',
      )
      .map((value): Tagged => ({ kind: 'bad-format', value })),
    // The pattern takes whitespace between digits: a line break or a tab only the control check refuses.
    fc
      .constantFrom('0721234567\u0000', '0721\n234567', '+40\t721 234 567', '0721\u0085234567')
      .map((value): Tagged => ({ kind: 'control-char', value })),
    fc
      .integer({ min: PHONE_MAX + 1, max: 200 })
      .map((n): Tagged => ({ kind: 'long-string', value: '1'.repeat(n) })),
    notAString({ nullable: true }).map((value): Tagged => ({ kind: 'wrong-type', value })),
  ),
};

export const PROFILE_FIELDS: Field[] = [
  textField('firstName', 1, NAME_MAX),
  textField('lastName', 1, NAME_MAX),
  phoneField,
  optionalTextField('address', ADDRESS_MAX),
  enumField('locale', LANGUAGES, false),
];
/**
 * Issue 29: the buyer's attestation, needed with a first message or offer about a weapon needing
 * authorisation: always sent (true) in valid bodies, like the seller's declaration.
 */
export const attestationField: Field = {
  name: 'attestation',
  required: false,
  alwaysSent: true,
  valid: fc.constant(true),
  invalid: notABoolean({ nullable: true }).map((value): Tagged => ({ kind: 'wrong-type', value })),
};
export const MESSAGE_FIELDS: Field[] = [textField('body', 1, MESSAGE_MAX, true, 'multi'), attestationField];
export const REPORT_FIELDS: Field[] = [
  enumField('reason', REPORT_REASONS),
  optionalTextField('details', REPORT_DETAILS_MAX, 'multi'),
];
export const REASON_FIELDS: Field[] = [
  textField('reason', MODERATION_REASON_MIN, MODERATION_REASON_MAX, true, 'multi'),
];
export const ROLE_FIELDS: Field[] = [enumField('role', ASSIGNABLE_ROLES)];
/** The deactivation reason is optional, but never null. */
export const DEACTIVATION_FIELDS: Field[] = [
  {
    name: 'reason',
    required: false,
    valid: fittedText(0, MODERATION_REASON_MAX, 'multi'),
    invalid: fc.oneof(
      notAString().map((value): Tagged => ({ kind: 'wrong-type', value })),
      tooLongText(MODERATION_REASON_MAX).map((value): Tagged => ({ kind: 'long-string', value })),
      withControlCharacter(0, MODERATION_REASON_MAX, 'multi').map(
        (value): Tagged => ({ kind: 'control-char', value }),
      ),
    ),
  },
];

/** A confirmation that must be ticked: true, and nothing else. */
const consentField = (name: string): Field => ({
  name,
  required: true,
  valid: fc.constant(true),
  invalid: fc.oneof(
    fc.constant({ kind: 'bad-enum', value: false } as Tagged),
    notABoolean({ nullable: true }).map((value): Tagged => ({ kind: 'wrong-type', value })),
  ),
});

/** A password being chosen: control characters refused. */
const passwordField = (name: string) => secretField(name, PASSWORD_MIN, PASSWORD_MAX);
/** A password typed to sign in or confirm: taken as it is, since it may have been chosen before the rule. */
const typedPasswordField = (name: string, min = PASSWORD_MIN) =>
  secretField(name, min, PASSWORD_MAX, true, 'taken');
export const SIGN_UP_FIELDS: Field[] = [
  emailField(),
  passwordField('password'),
  textField('firstName', 1, NAME_MAX),
  textField('lastName', 1, NAME_MAX),
  enumField('locale', LANGUAGES, false),
  // Issue 31: 18 or older, and the terms and privacy notice accepted; only true passes.
  consentField('acceptAdult'),
  consentField('acceptTerms'),
];
export const SIGN_IN_FIELDS: Field[] = [
  emailField(),
  typedPasswordField('password'),
  booleanField('rememberMe'),
];
export const EMAIL_FIELDS: Field[] = [emailField()];
export const RESET_FIELDS: Field[] = [secretField('token', 1, 500), passwordField('newPassword')];
export const CHANGE_PASSWORD_FIELDS: Field[] = [
  typedPasswordField('currentPassword', 1),
  passwordField('newPassword'),
  booleanField('revokeOtherSessions'),
];
export const PASSWORD_CONFIRM_FIELDS: Field[] = [typedPasswordField('password', 1)];
export const TOTP_FIELDS: Field[] = [
  {
    name: 'code',
    required: true,
    valid: fc.stringMatching(/^\d{6}$/),
    invalid: fc.oneof(
      fc
        .constantFrom(
          '12345',
          '1234567',
          'abcdef',
          '12 345',
          '\uFF11\uFF12\uFF13\uFF14\uFF15\uFF16',
          '\u0661\u0662\u0663\u0664\u0665\u0666',
          "000000' OR '1'='1",
          '',
          '      ',
          '12345\u0000',
        )
        .map((value): Tagged => ({ kind: 'bad-format', value })),
      hostileText
        .filter((text) => !/^\s*\d{6}\s*$/.test(text))
        .map((value): Tagged => ({ kind: 'bad-format', value })),
      fc
        .oneof(fc.integer({ min: 0, max: 999_999 }), notAString())
        .map((value): Tagged => ({ kind: 'wrong-type', value })),
    ),
  },
  booleanField('trustDevice'),
];
// Enrolment's code mailed to the account (issue 26): six digits as well, and optional.
TOTP_FIELDS.push({ ...TOTP_FIELDS[0]!, name: 'emailCode', required: false });
export const BACKUP_CODE_FIELDS: Field[] = [textField('code', 4, 64), booleanField('trustDevice')];
