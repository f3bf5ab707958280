import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, dashboardKind, homePathForRole, isFirstSession, passwordLengthProblem, showsLibrary, showsSellerTools } from './auth.ts';
import { signUpFormSchema } from './auth-forms.ts';

const valid = { name: 'Jane', email: 'jane@example.com', password: 'secret1', confirmPassword: 'secret1', role: 'creator' as const };

const messages = (input: unknown) => {
  const result = signUpFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('sign-up form rules', () => {
  it('accepts a complete form', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('reports mismatched passwords with the spec text', () => {
    expect(messages({ ...valid, confirmPassword: 'secret2' })).toEqual([AUTH_MESSAGES.passwordMismatch]);
  });

  it('needs at least 6 characters and at most 128', () => {
    expect(messages({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual([AUTH_MESSAGES.passwordTooShort]);
    expect(passwordLengthProblem('123456')).toBeUndefined();
    expect(passwordLengthProblem('x'.repeat(128))).toBeUndefined();
    expect(passwordLengthProblem('x'.repeat(129))).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it('offers creator, user and company but never admin', () => {
    for (const role of ['creator', 'user', 'company']) expect(messages({ ...valid, role })).toEqual([]);
    expect(messages({ ...valid, role: 'admin' })).toHaveLength(1);
  });

  it('requires a name and a valid e-mail', () => {
    expect(messages({ ...valid, name: '  ' })).toEqual(['Please enter your full name.']);
    expect(messages({ ...valid, email: 'jane' })).toEqual(['Please enter a valid email address.']);
  });
});

describe('landing page after sign-in', () => {
  it('sends admins to /admin and everyone else to /dashboard', () => {
    expect(homePathForRole('admin')).toBe('/admin');
    expect(homePathForRole('creator')).toBe('/dashboard');
    expect(homePathForRole('user')).toBe('/dashboard');
    expect(homePathForRole('company')).toBe('/dashboard');
  });
});

describe('the greeting: Welcome in the first session, Welcome back afterwards', () => {
  const first = new Date('2026-03-01T10:00:00.123Z');

  it('counts the session that began the account as its first', () => {
    expect(isFirstSession(first, new Date(first))).toBe(true);
    expect(isFirstSession(null, new Date())).toBe(true);
  });

  it('counts any later session as a return', () => {
    expect(isFirstSession(first, new Date(first.getTime() + 1))).toBe(false);
    expect(isFirstSession(first, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });
});

describe('the dashboard of each role (#20.2)', () => {
  it('gives a creator the store overview, a buyer and a company homes of their own', () => {
    expect(dashboardKind('creator')).toBe('creator');
    expect(dashboardKind('user')).toBe('buyer');
    expect(dashboardKind('company')).toBe('company');
    expect(dashboardKind('admin')).toBe('admin');
  });

  it('shows the selling tools to creators only', () => {
    expect(showsSellerTools('creator')).toBe(true);
    expect(showsSellerTools('user')).toBe(false);
    expect(showsSellerTools('company')).toBe(false);
    expect(showsSellerTools('admin')).toBe(false);
  });

  it('shows Library to everyone who has bought something, whatever the role', () => {
    expect(showsLibrary({ hasPurchases: true })).toBe(true);
    expect(showsLibrary({ hasPurchases: false })).toBe(false);
    expect(showsLibrary({})).toBe(false);
  });
});
