import { Globe } from 'lucide-react';
import type { SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_LINK_KINDS, type SocialLinks } from '#shared/profiles.ts';
import { LinkedinIcon, XIcon } from '#web/components/social-icons.tsx';

function GithubIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M12 2C6.48 2 2 6.58 2 12.25c0 4.53 2.87 8.37 6.84 9.73.5.1.68-.22.68-.49l-.01-1.71c-2.78.62-3.37-1.37-3.37-1.37-.45-1.18-1.11-1.49-1.11-1.49-.91-.64.07-.62.07-.62 1 .07 1.53 1.06 1.53 1.06.9 1.57 2.35 1.12 2.92.85.09-.66.35-1.12.63-1.37-2.22-.26-4.55-1.14-4.55-5.07 0-1.12.39-2.04 1.03-2.76-.1-.26-.45-1.3.1-2.71 0 0 .84-.28 2.75 1.05A9.4 9.4 0 0 1 12 6.96c.85 0 1.7.12 2.5.34 1.9-1.33 2.74-1.05 2.74-1.05.55 1.41.2 2.45.1 2.71.64.72 1.03 1.64 1.03 2.76 0 3.94-2.34 4.8-4.57 5.06.36.32.68.94.68 1.9l-.01 2.82c0 .27.18.6.69.49A10.26 10.26 0 0 0 22 12.25C22 6.58 17.52 2 12 2Z" />
    </svg>
  );
}

const KINDS = {
  twitter: { label: 'X (Twitter)', Icon: XIcon, base: 'https://x.com/' },
  linkedin: { label: 'LinkedIn', Icon: LinkedinIcon, base: 'https://www.linkedin.com/in/' },
  github: { label: 'GitHub', Icon: GithubIcon, base: 'https://github.com/' },
  website: { label: null, Icon: Globe, base: 'https://' },
} as const;

/** A stored link as a safe http(s) address: full URLs kept, bare handles or hosts completed, anything else dropped. */
function toHref(kind: keyof typeof KINDS, raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  return `${KINDS[kind].base}${value.replace(/^@/, '')}`;
}

/** The creator's social links that are set, each opening in a new tab. */
export function CreatorSocialLinks({ links, name }: { links: Partial<SocialLinks> | null | undefined; name: string }) {
  const { t } = useTranslation('products');
  const items = SOCIAL_LINK_KINDS.flatMap((kind) => {
    const href = toHref(kind, links?.[kind] ?? '');
    return href ? [{ kind, href, ...KINDS[kind] }] : [];
  });
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('social.elsewhere', { name })} className="flex flex-wrap gap-2">
      {items.map(({ kind, href, label, Icon }) => (
        <li key={kind}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-2 rounded-lg border border-border bg-muted/60 px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          >
            <Icon className="size-4" />
            {label ?? t('social.website')}
            <span className="sr-only"> {t('social.newTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
