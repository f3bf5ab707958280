import { Globe, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { siteContentSchema } from '#shared/site-content.ts';
import type { AdminSiteContent } from '#shared/site-api.ts';
import {
  CONTACT_KINDS,
  DEFAULT_TESTIMONIALS,
  MAX_RATING,
  SITE_CONTENT_MESSAGES,
  SOCIAL_NETWORKS,
  TESTIMONIALS_MAX,
  type ContactKind,
  type SiteContent,
  type SocialNetwork,
  type Testimonial,
} from '#shared/site.ts';
import { Notice } from '#web/components/notice.tsx';
import { SOCIAL_NETWORK_LOOKS } from '#web/components/social-icons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { CheckboxSetting } from '#web/components/ui/checkbox.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { fieldMessage, issuesByPath } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useBrand } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import { useAdminSiteContent } from '../api/get-site-content.ts';
import { useUpdateSiteContent } from '../api/update-site-content.ts';

/** The form's values: texts as typed (empty: the default), testimonials as shown. */
interface Draft {
  noticeShown: boolean;
  noticeText: string;
  premiumShown: boolean;
  testimonialsShown: boolean;
  items: Testimonial[];
  /** The spec's testimonials, untouched: saved as null, so each visitor reads them in their language. */
  itemsAreDefaults: boolean;
  minUsers: string;
  socialLinks: Record<SocialNetwork, string>;
  contacts: Record<ContactKind, string>;
}

const blankTestimonial = (): Testimonial => ({ name: '', role: '', quote: '', rating: MAX_RATING });

function draftOf(content: SiteContent, defaults: Testimonial[]): Draft {
  return {
    noticeShown: content.constructionNotice.shown,
    noticeText: content.constructionNotice.text ?? '',
    premiumShown: content.premiumNotice.shown,
    testimonialsShown: content.testimonials.shown,
    items: content.testimonials.items ?? defaults,
    itemsAreDefaults: content.testimonials.items === null,
    minUsers: String(content.userCounter.minUsers),
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, content.socialLinks[network] ?? ''])) as Draft['socialLinks'],
    contacts: Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, content.contacts[kind] ?? ''])) as Draft['contacts'],
  };
}

const orNull = (text: string) => text.trim() || null;

function contentOf(draft: Draft): SiteContent {
  const minUsers = draft.minUsers.trim();
  return {
    constructionNotice: { shown: draft.noticeShown, text: orNull(draft.noticeText) },
    premiumNotice: { shown: draft.premiumShown },
    testimonials: { shown: draft.testimonialsShown, items: draft.itemsAreDefaults ? null : draft.items },
    // Not a whole number: NaN, which the shared check refuses with its message.
    userCounter: { minUsers: minUsers === '' ? 0 : /^\d+$/.test(minUsers) ? Number(minUsers) : Number.NaN },
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, orNull(draft.socialLinks[network])])) as SiteContent['socialLinks'],
    contacts: Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, orNull(draft.contacts[kind])])) as SiteContent['contacts'],
  };
}

/**
 * /admin/settings › Public site: what the public site says, changed without a deploy (issue #42): the
 * first-visit notice and the premium badge, the testimonials, when the user counter shows, the social
 * links and the contact addresses. A new install shows the spec's texts.
 */
export function SiteContentCard() {
  const { t } = useTranslation('admin');
  const { data: me } = useCurrentUser();
  // While an admin must still turn on two-factor sign-in, the admin API answers 403.
  const blocked = Boolean(me?.twoFactorSetupRequired);
  const { data, isPending, isError, error, refetch, isFetching } = useAdminSiteContent({ enabled: !blocked });
  if (!me || blocked) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe aria-hidden="true" className="size-5 text-brand-soft" /> {t('siteContent.title')}
        </CardTitle>
        <CardDescription>{t('siteContent.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('siteContent.loading')}
          </p>
        ) : isError ? (
          <Notice variant="error" title={t('siteContent.loadFailed')}>
            <p>{errorMessage(error)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
              {t('settings.tryAgain')}
            </Button>
          </Notice>
        ) : (
          <SiteContentForm saved={data} />
        )}
      </CardContent>
    </Card>
  );
}

function SiteContentForm({ saved }: { saved: AdminSiteContent }) {
  const { t } = useTranslation('admin');
  const brand = useBrand();
  const id = useId();
  const update = useUpdateSiteContent();
  const defaults: Testimonial[] = DEFAULT_TESTIMONIALS.map(({ key, name, rating }) => ({
    name,
    rating,
    quote: t(`site:testimonials.${key}.quote`),
    role: t(`site:testimonials.${key}.role`),
  }));
  const [draft, setDraft] = useState(() => draftOf(saved.content, defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorAt = (path: string) => fieldMessage(errors[path], 'admin', SITE_CONTENT_MESSAGES);
  const fieldId = (path: string) => `${id}-${path.replaceAll('.', '-')}`;

  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const changeItem = (index: number, next: Partial<Testimonial>) =>
    setDraft((current) => ({ ...current, itemsAreDefaults: false, items: current.items.map((item, at) => (at === index ? { ...item, ...next } : item)) }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = siteContentSchema.safeParse(contentOf(draft));
    if (!parsed.success) {
      const found = issuesByPath(parsed.error.issues);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await update.mutateAsync(parsed.data);
      setDraft(draftOf(answer.content, defaults));
      showToast({ title: t('siteContent.saved'), description: t('siteContent.savedText'), variant: 'success' });
    } catch (failure) {
      showToast({ title: t('siteContent.failed'), description: localizeError(failure, 'admin'), variant: 'error' });
    }
  };

  const legendClass = 'text-base font-semibold text-foreground';
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('siteContent.title')} className="grid gap-8">
      <fieldset disabled={update.isPending} className="grid min-w-0 gap-4">
        <legend className={legendClass}>{t('siteContent.notices')}</legend>
        <CheckboxSetting
          id={fieldId('constructionNotice.shown')}
          label={t('siteContent.noticeShown')}
          hint={t('siteContent.noticeShownHint')}
          checked={draft.noticeShown}
          onChange={(event) => change({ noticeShown: event.target.checked })}
        />
        <FormField id={fieldId('constructionNotice.text')} label={t('siteContent.noticeText')} hint={t('siteContent.noticeTextHint')} error={errorAt('constructionNotice.text')}>
          <Textarea
            id={fieldId('constructionNotice.text')}
            rows={3}
            maxLength={500}
            placeholder={t('site:construction.text', { brand })}
            value={draft.noticeText}
            onChange={(event) => change({ noticeText: event.target.value })}
            {...fieldAria(fieldId('constructionNotice.text'), errorAt('constructionNotice.text'))}
          />
        </FormField>
        <CheckboxSetting
          id={fieldId('premiumNotice.shown')}
          label={t('siteContent.premiumShown', { text: t('site:hero.badge') })}
          hint={t('siteContent.premiumShownHint')}
          checked={draft.premiumShown}
          onChange={(event) => change({ premiumShown: event.target.checked })}
        />
      </fieldset>

      <fieldset disabled={update.isPending} className="grid min-w-0 gap-4">
        <legend className={legendClass}>{t('siteContent.testimonials')}</legend>
        <CheckboxSetting
          id={fieldId('testimonials.shown')}
          label={t('siteContent.testimonialsShown')}
          hint={t('siteContent.testimonialsShownHint')}
          checked={draft.testimonialsShown}
          onChange={(event) => change({ testimonialsShown: event.target.checked })}
        />
        <p className="text-sm text-muted-foreground">{draft.itemsAreDefaults ? t('siteContent.defaultsNote') : t('siteContent.ownNote')}</p>
        {errorAt('testimonials.items') ? <p className="text-sm text-red-400">{errorAt('testimonials.items')}</p> : null}
        {draft.items.length === 0 ? <p className="text-sm text-muted-foreground">{t('siteContent.noTestimonials')}</p> : null}
        <ol className="grid gap-4">
          {draft.items.map((item, index) => {
            const path = (field: keyof Testimonial) => `testimonials.items.${index}.${field}`;
            const number = index + 1;
            return (
              <li key={index}>
                <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-4 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-medium">{t('siteContent.testimonial', { number })}</legend>
                  <FormField id={fieldId(path('name'))} label={t('siteContent.name')} error={errorAt(path('name'))}>
                    <Input
                      id={fieldId(path('name'))}
                      maxLength={80}
                      value={item.name}
                      onChange={(event) => changeItem(index, { name: event.target.value })}
                      {...fieldAria(fieldId(path('name')), errorAt(path('name')))}
                    />
                  </FormField>
                  <FormField id={fieldId(path('role'))} label={t('siteContent.role')} error={errorAt(path('role'))}>
                    <Input
                      id={fieldId(path('role'))}
                      maxLength={80}
                      value={item.role}
                      onChange={(event) => changeItem(index, { role: event.target.value })}
                      {...fieldAria(fieldId(path('role')), errorAt(path('role')))}
                    />
                  </FormField>
                  <FormField id={fieldId(path('quote'))} label={t('siteContent.quote')} error={errorAt(path('quote'))} className="sm:col-span-2">
                    <Textarea
                      id={fieldId(path('quote'))}
                      rows={3}
                      maxLength={600}
                      value={item.quote}
                      onChange={(event) => changeItem(index, { quote: event.target.value })}
                      {...fieldAria(fieldId(path('quote')), errorAt(path('quote')))}
                    />
                  </FormField>
                  <FormField id={fieldId(path('rating'))} label={t('siteContent.rating')} error={errorAt(path('rating'))}>
                    <select
                      id={fieldId(path('rating'))}
                      className={selectClass}
                      value={item.rating}
                      onChange={(event) => changeItem(index, { rating: Number(event.target.value) })}
                      {...fieldAria(fieldId(path('rating')), errorAt(path('rating')))}
                    >
                      {Array.from({ length: MAX_RATING }, (_, at) => MAX_RATING - at).map((stars) => (
                        <option key={stars} value={stars}>
                          {t('siteContent.stars', { count: stars })}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <div className="flex items-end">
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => setDraft((current) => ({ ...current, itemsAreDefaults: false, items: current.items.filter((_, at) => at !== index) }))}
                    >
                      <Trash2 aria-hidden="true" /> {t('siteContent.remove', { number })}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={draft.items.length >= TESTIMONIALS_MAX}
            onClick={() => setDraft((current) => ({ ...current, itemsAreDefaults: false, items: [...current.items, blankTestimonial()] }))}
          >
            <Plus aria-hidden="true" /> {t('siteContent.add')}
          </Button>
          {draft.itemsAreDefaults ? null : (
            <Button type="button" variant="ghost" onClick={() => change({ items: defaults, itemsAreDefaults: true })}>
              <RotateCcw aria-hidden="true" /> {t('siteContent.useDefaults')}
            </Button>
          )}
        </div>
      </fieldset>

      <fieldset disabled={update.isPending} className="grid min-w-0 gap-4">
        <legend className={legendClass}>{t('siteContent.counter')}</legend>
        <FormField id={fieldId('userCounter.minUsers')} label={t('siteContent.minUsers')} hint={t('siteContent.minUsersHint')} error={errorAt('userCounter.minUsers')} className="sm:max-w-xs">
          <Input
            id={fieldId('userCounter.minUsers')}
            inputMode="numeric"
            value={draft.minUsers}
            onChange={(event) => change({ minUsers: event.target.value })}
            {...fieldAria(fieldId('userCounter.minUsers'), errorAt('userCounter.minUsers'))}
          />
        </FormField>
      </fieldset>

      <fieldset disabled={update.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className={legendClass}>{t('siteContent.socialLinks')}</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">{t('siteContent.socialLinksHint')}</p>
        {SOCIAL_NETWORKS.map((network) => {
          const path = `socialLinks.${network}`;
          return (
            <FormField key={network} id={fieldId(path)} label={SOCIAL_NETWORK_LOOKS[network].label} error={errorAt(path)}>
              <Input
                id={fieldId(path)}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('siteContent.socialPlaceholder')}
                value={draft.socialLinks[network]}
                onChange={(event) => change({ socialLinks: { ...draft.socialLinks, [network]: event.target.value } })}
                {...fieldAria(fieldId(path), errorAt(path))}
              />
            </FormField>
          );
        })}
      </fieldset>

      <fieldset disabled={update.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className={legendClass}>{t('siteContent.contacts')}</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">{t('siteContent.contactsHint')}</p>
        {CONTACT_KINDS.map((kind) => {
          const path = `contacts.${kind}`;
          return (
            <FormField key={kind} id={fieldId(path)} label={t(`siteContent.contact.${kind}`)} error={errorAt(path)}>
              <Input
                id={fieldId(path)}
                type="email"
                autoComplete="off"
                spellCheck={false}
                placeholder={saved.serverContacts[kind]}
                value={draft.contacts[kind]}
                onChange={(event) => change({ contacts: { ...draft.contacts, [kind]: event.target.value } })}
                {...fieldAria(fieldId(path), errorAt(path))}
              />
            </FormField>
          );
        })}
      </fieldset>

      <div className="grid gap-3">
        {hasErrors ? (
          <Notice variant="error" title={t('siteContent.fixErrors')} />
        ) : null}
        <div>
          <SubmitButton pending={update.isPending} pendingLabel={t('siteContent.saving')}>
            {t('siteContent.save')}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
