import { describe, expect, it } from 'vitest';
import { avatarInitial, defaultBio } from './profiles.ts';

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
