export const SOCIAL_LINK_KINDS = ['twitter', 'linkedin', 'github', 'website'] as const;
export type SocialLinks = Record<(typeof SOCIAL_LINK_KINDS)[number], string>;

export interface PortfolioItem {
  id: string;
  title: string;
  link: string;
  imageUrl?: string;
}

export interface NotificationSettings {
  emailNotifications: boolean;
  pushNotifications: boolean;
}

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export const THEMES = ['dark', 'light'] as const;
export interface Preferences {
  language: (typeof LANGUAGES)[number];
  theme: (typeof THEMES)[number];
}

export function defaultBio(brand: string): string {
  return `Digital Creator | Tech Enthusiast | ${brand} User`;
}

/** The avatar initial: first letter of the name, else of the e-mail. */
export function avatarInitial(name: string | null | undefined, email: string): string {
  const source = name?.trim() || email;
  return (source[0] ?? '?').toUpperCase();
}
