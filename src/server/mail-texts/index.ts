// Every mail the server sends, in each interface language (SPEC §9): the texts live here, one file per
// language; the modules only fill in the values. `mail-texts.test.ts` checks every language has every
// text. A mail goes out in its recipient's language: an account's `users.locale`, else the language the
// request was made in (the web sends its interface language as Accept-Language).
import { type Currency, formatMoney } from '#shared/money.ts';
import type { NotificationKind } from '#shared/notifications.ts';
import { LANGUAGES, type Language } from '#shared/profiles.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

/** Amounts and dates as the mail's language writes them (a mail text receives them formatted). */
export interface MailFormat {
  /** Minor units of `currency` (the sale's, the invoice's). */
  money(minor: number, currency: Currency): string;
  date(date: Date): string;
  number(value: number): string;
}

export interface MailTexts {
  verification: { subject(brand: string): string; text(values: { brand: string; name: string; url: string }): string };
  passwordReset: { subject(brand: string): string; text(values: { name: string; url: string }): string };
  /** "Add to my library" on a receipt page: a one-time sign-in link that makes or opens the account of the receipt's address. */
  libraryLink: { subject(brand: string): string; text(values: { brand: string; url: string; minutes: number }): string };
  signInLocked: {
    subject(brand: string): string;
    text(values: { name: string; brand: string; failures: number; minutes: number; resetUrl: string }): string;
  };
  receipt: {
    /** Names who sold it (the creators' names, joined), so the buyer recognises the charge. */
    subject(sellers: string): string;
    thanks: string;
    order(values: { orderId: string; total: string }): string;
    /** The tax the total includes, at the buyer's country's rate (`country` its code). */
    tax(values: { amount: string; country: string }): string;
    /** An item withdrawn before the payment was booked: refunded at once, never delivered. */
    notDelivered: string;
    download(url: string): string;
    giftSent(email: string): string;
    /** The purchase's license key (products sold with license keys). */
    licenseKey(key: string): string;
    /** The discount code the line's price includes. */
    discount(values: { code: string; amount: string }): string;
    /** A free "purchase": the link that makes the address one of the creator's customers, mailed their posts (decision 020). */
    confirmAudience(values: { store: string; url: string }): string;
    /** The receipt page's lasting link. */
    page(url: string): string;
    footer(libraryUrl: string): string;
  };
  /** "Resend my receipt": links to the receipt pages of an address's purchases. */
  receiptResend: { subject(brand: string): string; intro: string; line(values: { orderId: string; date: string; total: string; url: string }): string; footer: string };
  gift: { subject(brand: string): string; intro(buyerEmail: string): string; footer(values: { pageUrl: string; libraryUrl: string }): string };
  refund: {
    subject(brand: string): string;
    /** The whole purchase refunded at once: `amount` is its price. */
    text(values: { product: string; amount: string }): string;
    partialSubject(brand: string): string;
    /** Part of it refunded (`amount` of `total`): the download stays. */
    partial(values: { product: string; amount: string; total: string }): string;
    /** What was left after earlier partial refunds (`amount` of `total`): now all of it is refunded. */
    rest(values: { product: string; amount: string; total: string }): string;
  };
  invoice: {
    subject(values: { id: string; brand: string; total: string }): string;
    greeting(clientName: string): string;
    sent(values: { creator: string; brand: string }): string;
    line(values: { name: string; quantity: string; unitPrice: string }): string;
    total(amount: string): string;
    paid: string;
    cancelled: string;
    payBy(values: { date: string; link: string }): string;
    questions(values: { creator: string; email: string }): string;
  };
  contact: {
    subject(brand: string): string;
    text(values: { name: string; email: string; product: string; brand: string; url: string; message: string }): string;
  };
  webhookDisabled: { subject(brand: string): string; text(values: { name: string; url: string; brand: string; settingsUrl: string }): string };
  /** A notification of the inbox sent by e-mail too: its line is the subject and the text. */
  notification: {
    /** Never the line itself: product names and titles are users' text, kept out of subjects (hardening). */
    subject(brand: string): string;
    line: Record<NotificationKind, (values: NotificationMailValues) => string>;
    footer(values: { url: string; settingsUrl: string }): string;
    /** The daily digest (Settings → e-mail choice): one mail listing the day's unread notifications. */
    digestIntro(values: { count: number }): string;
    digestFooter(values: { url: string; settingsUrl: string }): string;
  };
  /** A creator's post to their audience (issue #22, decision 020). */
  audience: {
    /** Fixed: the creator's own subject is users' text, so it opens the body instead (hardening). */
    subject(brand: string): string;
    from(values: { store: string }): string;
    testNote: string;
    footer(values: { store: string; brand: string; url: string }): string;
    unsubscribe: string;
    /** The pages of the mail's links (GET /api/audience/unsubscribe and /confirm). */
    page: { title: string; question(values: { email: string }): string; button: string; done: string; confirmed: string; invalid: string };
    /** The page of a free purchase's confirmation link (GET asks, POST confirms). */
    buyerPage: { title: string; question(values: { store: string; email: string }): string; button: string };
    confirmSubject(brand: string): string;
    confirm(values: { store: string; url: string; brand: string }): string;
  };
  /** One reminder of a checkout left unpaid, from a store that turned them on (decision 033); the subject names no user text. */
  checkoutReminder: {
    subject(brand: string): string;
    intro(values: { store: string; brand: string }): string;
    finish(url: string): string;
    /** Why it came: the address was given at a checkout left unpaid, and the store sends one reminder. */
    why(values: { store: string }): string;
    unsubscribe(values: { store: string; url: string }): string;
  };
  /** An invitation to work on a store as a team member (decision 023); the subject names no user text. */
  teamInvite: {
    subject(brand: string): string;
    text(values: { owner: string; brand: string; url: string; days: number }): string;
  };
  /** A member's mails about their membership (decision 022); subjects carry no user text. */
  membership: {
    paymentFailedSubject(brand: string): string;
    paymentFailed(values: { product: string; amount: string; date: string; url: string }): string;
    endedSubject(brand: string): string;
    ended(values: { product: string; url: string }): string;
  };
  /** The account's mails about its own plan's subscription (decision 025); subjects carry no user text. */
  plan: {
    paymentFailedSubject(brand: string): string;
    paymentFailed(values: { plan: string; amount: string; date: string; url: string }): string;
    endedSubject(brand: string): string;
    ended(values: { plan: string; url: string }): string;
  };
}

/** A notification's values, formatted (the amount in the mail's language); empty when it has none. */
export interface NotificationMailValues {
  product: string;
  amount: string;
  actor: string;
  title: string;
}

export const MAIL_TEXTS: Record<Language, MailTexts> = { en, es, fr };

// English keeps the US formats the spec quotes ("$19.99", "Mar 4, 2026").
const intlLocale = (language: Language) => (language === 'en' ? 'en-US' : language);
// Dates in mails are days (invoice due dates), kept in UTC like the invoice PDF.
const dateFormats = new Map(LANGUAGES.map((language) => [language, new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' })]));

/** The texts and formats of one language. */
export function mailTexts(language: Language): MailTexts & { format: MailFormat } {
  return {
    ...MAIL_TEXTS[language],
    format: {
      money: (minor, currency) => formatMoney(minor, intlLocale(language), currency),
      date: (date) => dateFormats.get(language)!.format(date),
      number: (value) => value.toLocaleString(intlLocale(language), { maximumFractionDigits: 2 }),
    },
  };
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language of an Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.8" → fr), by
 * its q-weights; English without one.
 */
export function languageOfHeader(header: string | string[] | null | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { base: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? 'en';
}
