// The profile form's state and its checks, kept free of React so the rules read in one place.
// Main validates again and normalises (trailing slash, `/v1`); these checks only catch what a user
// should fix before pressing Save.
import {
  DEFAULT_UPLOAD_LIMIT_MB,
  DEFAULT_VENDOR_KEY_HEADER,
  type ExtraHeaderView,
  GOOGLE_KEY_HEADER,
  type ProfileFields,
  type ProfileView,
} from '../../../../src-preload/contract.ts';
import {
  HEADER_NAME_PATTERN,
  headerValueProblem,
  MAX_PROFILE_NAME_LENGTH,
  MAX_UPLOAD_LIMIT_MB,
} from '../../../../src-preload/profile-field-rules.ts';
import { sayFieldRule, settingsWords } from './strings.ts';

export type KeyHeaderChoice = 'vendor' | 'google' | 'custom';

export interface HeaderRow {
  /** Stable identity for React lists and error messages; not saved. */
  rowId: number;
  name: string;
  /**
   * A value typed in this form. Header values are secrets like the key: the form never receives a stored
   * one, so on a row that has one, empty means "keep the stored value".
   */
  value: string;
  /** The stored header this row was loaded from (what main keeps when `value` stays empty); null for a new row. */
  stored: ExtraHeaderView | null;
}

export interface ProfileDraft {
  name: string;
  baseUrl: string;
  keyHeader: KeyHeaderChoice;
  customKeyHeader: string;
  extraHeaders: HeaderRow[];
  uploadLimitMb: string;
}

export interface DraftErrors {
  name?: string;
  baseUrl?: string;
  customKeyHeader?: string;
  extraHeaders?: Record<number, string>;
  uploadLimitMb?: string;
}

let nextRowId = 1;
export const newHeaderRow = (name = '', value = ''): HeaderRow => ({
  rowId: nextRowId++,
  name,
  value,
  stored: null,
});

const storedHeaderRow = (header: ExtraHeaderView): HeaderRow => ({
  ...newHeaderRow(header.name),
  stored: header,
});

/** Whether a row keeps the value main holds rather than sending one typed here. */
export const keepsStoredValue = (row: HeaderRow): boolean => row.stored !== null && row.value.trim() === '';

export function emptyDraft(): ProfileDraft {
  return {
    name: '',
    baseUrl: '',
    keyHeader: 'vendor',
    customKeyHeader: '',
    extraHeaders: [],
    uploadLimitMb: String(DEFAULT_UPLOAD_LIMIT_MB),
  };
}

export function draftFromProfile(profile: ProfileView): ProfileDraft {
  const header = profile.vendorKeyHeader.toLowerCase();
  const keyHeader: KeyHeaderChoice =
    header === DEFAULT_VENDOR_KEY_HEADER ? 'vendor' : header === GOOGLE_KEY_HEADER ? 'google' : 'custom';
  return {
    name: profile.name,
    baseUrl: profile.baseUrl,
    keyHeader,
    customKeyHeader: keyHeader === 'custom' ? profile.vendorKeyHeader : '',
    extraHeaders: profile.extraHeaders.map(storedHeaderRow),
    uploadLimitMb: String(profile.uploadLimitMb),
  };
}

export function validateDraft(draft: ProfileDraft): DraftErrors {
  const { t } = settingsWords;
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = t('rules.nameMissing');
  else if (draft.name.trim().length > MAX_PROFILE_NAME_LENGTH)
    errors.name = t('rules.nameTooLong', { max: MAX_PROFILE_NAME_LENGTH });

  const baseUrlError = checkBaseUrl(draft.baseUrl);
  if (baseUrlError) errors.baseUrl = baseUrlError;

  if (draft.keyHeader === 'custom') {
    const name = draft.customKeyHeader.trim();
    if (!name) errors.customKeyHeader = t('rules.headerNameMissing');
    else if (!HEADER_NAME_PATTERN.test(name)) errors.customKeyHeader = t('rules.headerNameInvalid');
  }

  const headerErrors: Record<number, string> = {};
  const seen = new Set<string>();
  for (const row of draft.extraHeaders) {
    const name = row.name.trim();
    if (!name && !row.value.trim() && row.stored === null) continue;
    if (!name) headerErrors[row.rowId] = t('rules.extraNameMissing');
    else if (!HEADER_NAME_PATTERN.test(name)) headerErrors[row.rowId] = t('rules.extraNameInvalid', { name });
    else if (seen.has(name.toLowerCase())) headerErrors[row.rowId] = t('rules.extraNameTwice', { name });
    else {
      const problem = headerValueProblem(name, row.value.trim(), sayFieldRule);
      if (problem !== null) headerErrors[row.rowId] = problem;
    }
    seen.add(name.toLowerCase());
  }
  if (Object.keys(headerErrors).length > 0) errors.extraHeaders = headerErrors;

  const limit = Number(draft.uploadLimitMb);
  if (!draft.uploadLimitMb.trim() || !Number.isFinite(limit) || limit <= 0)
    errors.uploadLimitMb = t('rules.limitInvalid');
  else if (limit > MAX_UPLOAD_LIMIT_MB)
    errors.uploadLimitMb = t('rules.limitTooLarge', { max: MAX_UPLOAD_LIMIT_MB });
  return errors;
}

function checkBaseUrl(value: string): string | null {
  const { t } = settingsWords;
  const trimmed = value.trim();
  if (!trimmed) return t('rules.baseUrlMissing');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return t('rules.baseUrlInvalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return t('rules.baseUrlScheme');
  if (url.username || url.password) return t('rules.baseUrlCredentials');
  return null;
}

export const hasErrors = (errors: DraftErrors): boolean => Object.keys(errors).length > 0;

export function fieldsFromDraft(draft: ProfileDraft): ProfileFields {
  // From entries, so that a header named `__proto__` (a valid token) is a header like any other.
  const extraHeaders: NonNullable<ProfileFields['extraHeaders']> = Object.fromEntries(
    draft.extraHeaders
      .filter((row) => row.name.trim())
      .map((row) => [
        row.name.trim(),
        keepsStoredValue(row) && row.stored ? { keep: row.stored.name } : row.value.trim(),
      ]),
  );
  const vendorKeyHeader =
    draft.keyHeader === 'vendor'
      ? DEFAULT_VENDOR_KEY_HEADER
      : draft.keyHeader === 'google'
        ? GOOGLE_KEY_HEADER
        : draft.customKeyHeader.trim();
  return {
    name: draft.name.trim(),
    baseUrl: draft.baseUrl.trim(),
    vendorKeyHeader,
    extraHeaders,
    uploadLimitMb: Number(draft.uploadLimitMb),
  };
}

/** Whether saving the draft would change the profile (compares what would be sent, not the raw inputs). */
export function isDraftChanged(draft: ProfileDraft, profile: ProfileView): boolean {
  const fields = fieldsFromDraft(draft);
  return (
    fields.name !== profile.name ||
    fields.baseUrl !== profile.baseUrl ||
    fields.vendorKeyHeader !== profile.vendorKeyHeader ||
    fields.uploadLimitMb !== profile.uploadLimitMb ||
    headersChanged(fields.extraHeaders ?? {}, profile.extraHeaders)
  );
}

/** Whether the headers to send differ from the stored ones: a typed value, a name, the order or the count. */
function headersChanged(
  fields: NonNullable<ProfileFields['extraHeaders']>,
  stored: ExtraHeaderView[],
): boolean {
  const entries = Object.entries(fields);
  return (
    entries.length !== stored.length ||
    entries.some(
      ([name, change], index) =>
        typeof change === 'string' || change.keep !== name || stored[index]?.name !== name,
    )
  );
}

/** Whether a profile departs from the defaults in the fields the form folds away. */
export function usesAdvancedFields(profile: ProfileView): boolean {
  return (
    profile.vendorKeyHeader !== DEFAULT_VENDOR_KEY_HEADER ||
    profile.extraHeaders.length > 0 ||
    profile.uploadLimitMb !== DEFAULT_UPLOAD_LIMIT_MB
  );
}

/** One line saying what the folded fields are set to, e.g. "x-vendor-api-key · no extra headers · 25 MB". */
export function advancedSummary(draft: ProfileDraft): string {
  const { t } = settingsWords;
  const header =
    draft.keyHeader === 'vendor'
      ? DEFAULT_VENDOR_KEY_HEADER
      : draft.keyHeader === 'google'
        ? GOOGLE_KEY_HEADER
        : draft.customKeyHeader.trim() || t('summary.customHeader');
  const count = draft.extraHeaders.filter((row) => row.name.trim()).length;
  const extra = count === 0 ? t('summary.noExtraHeaders') : t('summary.extraHeaders', { count });
  return t('summary.line', { header, extra, limit: draft.uploadLimitMb.trim() || '?' });
}
