import { ExternalLink, Globe, Pencil, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOCIAL_LINK_KINDS, type Profile, type SocialLinks } from '#shared/profiles.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** The profile tab's view mode: everything a visitor may see, with Edit Profile. */
export function ProfileDetails({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t } = useTranslation('profiles');
  const socialLabels: Record<keyof SocialLinks, string> = {
    twitter: t('social.twitter'),
    linkedin: t('social.linkedin'),
    github: t('social.github'),
    website: t('social.website'),
  };
  const socials = SOCIAL_LINK_KINDS.filter((kind) => profile.socialLinks[kind]);
  const storefront = `/store/${profile.storefrontSlug}`;

  return (
    <div className="grid gap-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <UserAvatar user={profile} className="size-20 text-2xl" />
          <div className="min-w-0">
            <h2 className="text-xl font-semibold break-words">{profile.name}</h2>
            <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
            <Link to={storefront} className="mt-1 inline-flex items-center gap-1 text-sm text-brand-soft hover:underline">
              <Store aria-hidden="true" className="size-3.5" /> {storefront}
            </Link>
          </div>
        </div>
        <Button onClick={onEdit}>
          <Pencil aria-hidden="true" /> {t('actions.editProfile')}
        </Button>
      </div>

      <section aria-labelledby="profile-bio" className="grid gap-2">
        <h3 id="profile-bio" className="text-sm font-medium text-muted-foreground">
          {t('fields.bio')}
        </h3>
        <p className="whitespace-pre-line">{profile.bio || t('view.noBio')}</p>
      </section>

      <section aria-labelledby="profile-skills" className="grid gap-2">
        <h3 id="profile-skills" className="text-sm font-medium text-muted-foreground">
          {t('fields.skills')}
        </h3>
        {profile.skills.length ? (
          <ul className="flex flex-wrap gap-2">
            {profile.skills.map((skill) => (
              <li key={skill} className="rounded-full border border-border bg-accent px-3 py-1 text-sm text-accent-foreground">
                {skill}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('skills.empty')}</p>
        )}
      </section>

      <section aria-labelledby="profile-portfolio" className="grid gap-2">
        <h3 id="profile-portfolio" className="text-sm font-medium text-muted-foreground">
          {t('fields.portfolio')}
        </h3>
        {profile.portfolio.length ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {profile.portfolio.map((item) => (
              <li key={item.id} className="overflow-hidden rounded-lg border border-border bg-muted/40">
                {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" className="aspect-video w-full object-cover" referrerPolicy="no-referrer" /> : null}
                <div className="p-3">
                  <a href={item.link} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 font-medium hover:underline">
                    {item.title} <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">{t('view.opensInNewTab')}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('portfolio.empty')}</p>
        )}
      </section>

      <section aria-labelledby="profile-social" className="grid gap-2">
        <h3 id="profile-social" className="text-sm font-medium text-muted-foreground">
          {t('fields.socialLinks')}
        </h3>
        {socials.length ? (
          <ul className="flex flex-wrap gap-2">
            {socials.map((kind) => (
              <li key={kind}>
                <a
                  href={profile.socialLinks[kind]}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex items-center gap-2 rounded-lg border border-border bg-muted/60 px-3 py-1.5 text-sm hover:bg-accent"
                >
                  <Globe aria-hidden="true" className="size-4" /> {socialLabels[kind]}
                  <span className="sr-only">{t('view.opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('view.noSocialLinks')}</p>
        )}
      </section>

      <p className="text-sm text-muted-foreground">{profile.isPublic ? t('view.public') : t('view.private')}</p>
    </div>
  );
}
