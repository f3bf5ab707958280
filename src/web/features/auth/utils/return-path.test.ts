import { describe, expect, it } from 'vitest';
import { landingPath } from './return-path.ts';

describe('landingPath', () => {
  it('goes back to the page that asked for a sign-in', () => {
    expect(landingPath('/team/accept#abc', 'creator')).toBe('/team/accept#abc');
    expect(landingPath('/memberships/join/1?interval=month', 'user')).toBe('/memberships/join/1?interval=month');
  });

  it('goes to the role’s home otherwise, and never off the site or back to /auth', () => {
    expect(landingPath(undefined, 'creator')).toBe('/dashboard');
    expect(landingPath(undefined, 'admin')).toBe('/admin');
    for (const from of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'dashboard', '/auth', 42]) expect(landingPath(from, 'user')).toBe('/dashboard');
  });
});
