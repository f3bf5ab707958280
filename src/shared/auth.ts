// No zod here: the header and navigation (the first view) use these rules; the sign-up form's schema
// is in auth-forms.ts.

/** Roles a person may pick at sign-up; admin is never chosen by a client. */
export const SIGNUP_ROLES = ['creator', 'user', 'company'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
export const ROLES = ['admin', ...SIGNUP_ROLES] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const ACCOUNT_NAME_MAX = 100;

export const AUTH_MESSAGES = {
  credentialsRequired: 'You must provide either an email or phone number and a password',
  passwordMismatch: 'Passwords do not match.',
  passwordMismatchTitle: 'Password Mismatch',
  passwordTooShort: 'Password must be at least 6 characters.',
  passwordTooShortTitle: 'Password Too Short',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordTooCommon: 'This password is one of the most common passwords. Please choose a less common one.',
  invalidRole: 'Choose a role of creator, user or company.',
  roleNotChangeable: 'The role of an account cannot be changed here.',
  confirmationTitle: 'Confirmation Required',
  confirmation: 'Your account has been created. Please check your email to confirm.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-ins for this account. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} or reset your password.`,
  tooManyAttempts: (seconds: number) => `Too many attempts. Please wait ${seconds === 1 ? '1 second' : `${seconds} seconds`} and try again.`,
  passwordConfirmationRequired: 'Please enter your password again to continue.',
  fullNameRequired: 'Please enter your full name.',
  nameTooLong: `Name must be at most ${ACCOUNT_NAME_MAX} characters.`,
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  sessionUnreadable: 'Signed in, but the session could not be read. Please try again.',
} as const;

/** Fixed values in AUTH_MESSAGES, for their translations' {{placeholders}}. */
export const AUTH_MESSAGE_PARAMS = { passwordTooLong: { max: PASSWORD_MAX }, nameTooLong: { max: ACCOUNT_NAME_MAX } };

/** Length rules shared by the sign-up form and the server; the server also refuses common passwords. */
export function passwordLengthProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

/**
 * Whether a session is the account's first one (begun by the confirmation link or the first
 * sign-in): the interface greets 'Welcome' in it and 'Welcome back' in every later session.
 * An account with no first session recorded is signing in for the first time.
 */
export function isFirstSession(firstSignInAt: Date | null, sessionCreatedAt: Date): boolean {
  return firstSignInAt === null || sessionCreatedAt.getTime() <= firstSignInAt.getTime();
}

/** Where a user lands after sign-in. */
export function homePathForRole(role: Role | undefined): string {
  return role === 'admin' ? '/admin' : '/dashboard';
}

/**
 * The dashboard a role gets at /dashboard, its home and navigation (issue #20.2): a creator keeps the
 * store overview, a buyer (role user) their purchases, following and community, a company its jobs.
 */
export type DashboardKind = 'admin' | 'creator' | 'buyer' | 'company';

const DASHBOARD_KINDS: Record<Role, DashboardKind> = { admin: 'admin', creator: 'creator', user: 'buyer', company: 'company' };

export function dashboardKind(role: Role): DashboardKind {
  return DASHBOARD_KINDS[role];
}

/** Selling tools (Upload Product, My Products, Client Payments, Payouts) are in a creator's navigation only. */
export function showsSellerTools(role: Role): boolean {
  return dashboardKind(role) === 'creator';
}

/** Library is in the navigation of everyone who has bought something. */
export function showsLibrary(user: { hasPurchases?: boolean }): boolean {
  return user.hasPurchases === true;
}

/** The signed-in user as the API returns it from GET /api/me. */
export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  name: string;
  avatarUrl: string;
  storefrontSlug: string;
  bio: string;
  /** Two-factor sign-in is on (set by GET /api/me). */
  twoFactorEnabled?: boolean;
  /** An admin who must turn on two-factor sign-in before using the admin area (GET /api/me). */
  twoFactorSetupRequired?: boolean;
  /** This is the account's first session (isFirstSession): greeted 'Welcome', not 'Welcome back' (GET /api/me). */
  firstSession?: boolean;
  /** The account has bought something: Library is in its navigation (showsLibrary; GET /api/me). */
  hasPurchases?: boolean;
}

/**
 * "Add to my library" (a receipt's one-time sign-in link, server platform/library-link.ts): how long it
 * works, where it lands, and where a spent or refused link lands (`error` in the query says which).
 */
export const LIBRARY_LINK = {
  minutes: 15,
  landingPath: '/library',
  errorPath: '/auth?library=1',
  /** The account has a second step (or is an admin): it logs in the usual way. */
  logInRequired: 'LOG_IN_REQUIRED',
} as const;
