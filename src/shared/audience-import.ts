/**
 * Importing a list of subscribers from a CSV file (issue #46): a Gumroad, Substack or Mailchimp
 * export, or any file whose header names an e-mail column. Each new address becomes a pending
 * "Get updates" subscriber and is sent the sign-up's confirmation mail; nothing else is mailed to it
 * until the link is followed. An address that unsubscribed from the creator is never added again.
 */

/** The file: at most 5 MB and 50,000 data rows. */
export const AUDIENCE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const AUDIENCE_IMPORT_MAX_ROWS = 50_000;
/** Imports a creator may start per 24 hours: the platform is not a tool to mail bought lists. */
export const AUDIENCE_IMPORTS_PER_DAY = 3;
export const AUDIENCE_IMPORT_NAME_MAX = 200;

/**
 * Header names of the e-mail column, compared lowercased with spaces, dashes and underscores removed:
 * Gumroad's `Email`, Substack's `email`, Mailchimp's `Email Address`, and the usual spellings.
 */
const EMAIL_HEADERS = ['email', 'emailaddress', 'mail', 'subscriberemail', 'customeremail', 'purchaseremail', 'buyeremail', 'correo', 'courriel'];
/** A full-name column (Substack `name`, Gumroad `Full Name`, …), or first and last names (Mailchimp). */
const NAME_HEADERS = ['name', 'fullname', 'subscribername', 'customername', 'purchasername', 'buyername', 'nom', 'nombre'];
const FIRST_NAME_HEADERS = ['firstname', 'first', 'givenname', 'fname'];
const LAST_NAME_HEADERS = ['lastname', 'last', 'surname', 'familyname', 'lname'];

/** The header names recognised, as the import dialog lists them. */
export const AUDIENCE_IMPORT_RECOGNISED = { email: ['Email', 'Email Address', 'E-mail'], name: ['Name', 'Full Name', 'First Name + Last Name'] } as const;

export interface AudienceImportColumns {
  email: number;
  name?: number;
  firstName?: number;
  lastName?: number;
}

const headerKey = (raw: string) => raw.trim().toLowerCase().replace(/[\s_\-.]+/g, '');

/** Where the e-mail and name columns are, from the header row; undefined without an e-mail column. */
export function audienceImportColumns(header: readonly string[]): AudienceImportColumns | undefined {
  const keys = header.map(headerKey);
  const find = (candidates: readonly string[]) => {
    for (const candidate of candidates) {
      const index = keys.indexOf(candidate);
      if (index >= 0) return index;
    }
    return undefined;
  };
  const email = find(EMAIL_HEADERS);
  if (email === undefined) return undefined;
  return { email, name: find(NAME_HEADERS), firstName: find(FIRST_NAME_HEADERS), lastName: find(LAST_NAME_HEADERS) };
}

/** One record's address (trimmed, lowercased) and name (the name column, else first and last names joined; null when empty). */
export function audienceImportRow(record: readonly string[], columns: AudienceImportColumns): { email: string; name: string | null } {
  const cell = (index: number | undefined) => (index === undefined ? '' : (record[index] ?? '').trim());
  const name = cell(columns.name) || [cell(columns.firstName), cell(columns.lastName)].filter(Boolean).join(' ');
  return { email: cell(columns.email).toLowerCase(), name: name ? name.slice(0, AUDIENCE_IMPORT_NAME_MAX) : null };
}

export const AUDIENCE_IMPORT_MESSAGES = {
  noFile: 'Please choose a CSV file.',
  fileTooLarge: `The file can be at most ${AUDIENCE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file can have at most ${AUDIENCE_IMPORT_MAX_ROWS.toLocaleString('en')} rows.`,
  invalidCsv: 'This file is not a valid CSV file.',
  noEmailColumn: 'No e-mail column found. The first row must name it (Email, Email Address or E-mail).',
  consentRequired: 'Please confirm that these people asked to hear from you.',
  dailyLimit: `You can import at most ${AUDIENCE_IMPORTS_PER_DAY} lists a day. Please try again tomorrow.`,
} as const;
