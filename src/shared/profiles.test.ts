import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profiles-update.ts';
import { addSkill, avatarInitial, defaultBio, isHttpUrl, PROFILE_MESSAGES, slugProblem } from './profiles.ts';

describe('profile fallbacks', () => {
  it('writes the default bio with the brand', () => {
    expect(defaultBio('Zerri')).toBe('Digital Creator | Tech Enthusiast | Zerri User');
    expect(defaultBio('Acme')).toBe('Digital Creator | Tech Enthusiast | Acme User');
  });

  it('takes the avatar initial from the name, else the e-mail', () => {
    expect(avatarInitial('maya chen', 'x@example.com')).toBe('M');
    expect(avatarInitial('  ', 'zed@example.com')).toBe('Z');
    expect(avatarInitial(undefined, 'q@example.com')).toBe('Q');
  });
});

describe('profile editing rules', () => {
  it('adds a skill only if it is non-empty and not already there (any case)', () => {
    expect(addSkill(['Figma'], '  Illustration ')).toEqual(['Figma', 'Illustration']);
    expect(addSkill(['Figma'], 'figma')).toEqual(['Figma']);
    expect(addSkill(['Figma'], '   ')).toEqual(['Figma']);
  });

  it('allows storefront addresses of lowercase letters, digits and hyphens only', () => {
    expect(slugProblem('ana-lima-2024')).toBeUndefined();
    for (const slug of ['Ana', 'ana lima', 'ana_lima', 'añа', 'ab', 'a'.repeat(61)]) expect(slugProblem(slug)).toBe(PROFILE_MESSAGES.slugInvalid);
    expect(slugProblem('creator')).toBe(PROFILE_MESSAGES.slugReserved('creator'));
  });

  it('accepts only http and https addresses as links', () => {
    expect(isHttpUrl('https://x.com/ana')).toBe(true);
    expect(isHttpUrl('http://ana.example')).toBe(true);
    for (const link of ['javascript:alert(1)', 'ftp://x.org', 'x.com', 'https://', '//x.com', 'data:text/html,x']) expect(isHttpUrl(link)).toBe(false);
  });

  it('drops what a client may not set from a profile update', () => {
    const parsed = profileUpdateSchema.parse({ id: 'other', role: 'admin', plan: 'business', name: ' Ana ', skills: ['A', 'a', 'B'] });
    expect(parsed).toEqual({ name: 'Ana', skills: ['A', 'B'] });
  });
});
