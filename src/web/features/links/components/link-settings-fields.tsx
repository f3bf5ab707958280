import { Plus, Tag, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LinkCreate } from '#shared/links-api.ts';
import { checkLinkSettings, LINK_TAG_COLORS, UTM_FIELDS, type LinkSettings, type LinkTagColor } from '#shared/links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxSetting } from '#web/components/ui/checkbox.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { localizeCoded, localizeError } from '#web/lib/server-message.ts';
import { cn } from '#web/lib/utils.ts';
import { useCreateLinkTag, useLinkTags } from '../api/link-tags.ts';
import type { ShortLink } from '../api/types.ts';
import { countryOptions } from '../utils/countries.ts';
import { TAG_CHIP_CLASSES, TAG_DOT_CLASSES } from '../utils/tag-colors.ts';

type Utm = Record<(typeof UTM_FIELDS)[number], string>;

/** The settings a link has beyond its destination and code, as form fields (shared by create and edit). */
export interface SettingsFields {
  passwordOn: boolean;
  password: string;
  /** `datetime-local` value, the visitor's local time; empty for none. */
  expiresAt: string;
  maxClicks: string;
  expiredUrl: string;
  iosUrl: string;
  androidUrl: string;
  countryUrls: { country: string; url: string }[];
  utm: Utm;
  tags: string[];
  /** The link preview link-preview bots are shown; empty for none. */
  previewTitle: string;
  previewDescription: string;
  previewImageUrl: string;
}

export const selectClass =
  'h-10 w-full cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60';

/** An ISO time as a `datetime-local` value in the visitor's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const fromLocalInput = (value: string): string | null => {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? value : new Date(time).toISOString();
};

export const settingsDefaults = (link?: ShortLink): SettingsFields => ({
  passwordOn: link?.hasPassword ?? false,
  password: '',
  expiresAt: toLocalInput(link?.expiresAt ?? null),
  maxClicks: link?.maxClicks == null ? '' : String(link.maxClicks),
  expiredUrl: link?.expiredUrl ?? '',
  iosUrl: link?.iosUrl ?? '',
  androidUrl: link?.androidUrl ?? '',
  countryUrls: link?.countryUrls.map((rule) => ({ ...rule })) ?? [],
  utm: Object.fromEntries(UTM_FIELDS.map((field) => [field, link?.utm[field] ?? ''])) as Utm,
  tags: link?.tags.map((tag) => tag.name) ?? [],
  previewTitle: link?.previewTitle ?? '',
  previewDescription: link?.previewDescription ?? '',
  previewImageUrl: link?.previewImageUrl ?? '',
});

/**
 * The settings the fields give (a blank field clears its setting; a kept password is left out).
 */
export function settingsOf(fields: SettingsFields, link?: ShortLink): Required<Pick<LinkCreate, 'expiresAt' | 'maxClicks' | 'expiredUrl' | 'iosUrl' | 'androidUrl' | 'countryUrls' | 'utm' | 'tags' | 'previewTitle' | 'previewDescription' | 'previewImageUrl'>> & Pick<LinkSettings, 'password'> {
  const password = fields.passwordOn ? fields.password || (link?.hasPassword ? undefined : '') : null;
  const maxClicks = fields.maxClicks.trim();
  return {
    password,
    expiresAt: fromLocalInput(fields.expiresAt),
    maxClicks: maxClicks ? Number(maxClicks) : null,
    expiredUrl: fields.expiredUrl.trim() || null,
    iosUrl: fields.iosUrl.trim() || null,
    androidUrl: fields.androidUrl.trim() || null,
    countryUrls: fields.countryUrls.map((rule) => ({ country: rule.country, url: rule.url.trim() })),
    utm: Object.fromEntries(UTM_FIELDS.map((field) => [field, fields.utm[field].trim() || null])),
    tags: fields.tags,
    previewTitle: fields.previewTitle.trim() || null,
    previewDescription: fields.previewDescription.trim() || null,
    previewImageUrl: fields.previewImageUrl.trim() || null,
  };
}

// Server error codes by the field they belong to.
export const SETTINGS_FIELD_OF_CODE: Record<string, keyof SettingsFields | 'utm.source'> = {
  password_length: 'password',
  expires_invalid: 'expiresAt',
  expires_past: 'expiresAt',
  max_clicks_invalid: 'maxClicks',
  expired_url_invalid: 'expiredUrl',
  country_invalid: 'countryUrls',
  country_repeated: 'countryUrls',
  country_urls_too_many: 'countryUrls',
  utm_too_long: 'utm.source',
  tags_too_many: 'tags',
  tag_name_length: 'tags',
  preview_title_length: 'previewTitle',
  preview_description_length: 'previewDescription',
  preview_image_invalid: 'previewImageUrl',
};

/**
 * Password, expiry, targeting, UTM and tags of a link, for a form of SettingsFields (the create
 * form's settings and the edit dialog). `link` is the link being edited, if any.
 */
export function LinkSettingsSections({ form, link }: { form: UseFormReturn<SettingsFields>; link?: ShortLink }) {
  const { t, i18n } = useTranslation('links-pages');
  const id = useId();
  const { register, control, formState } = form;
  const { errors } = formState;
  const passwordOn = useWatch({ control, name: 'passwordOn' });
  const countries = useFieldArray({ control, name: 'countryUrls' });
  const options = useMemo(() => countryOptions(i18n.resolvedLanguage ?? 'en'), [i18n.resolvedLanguage]);

  // The shared checks, one problem per field, in the interface language.
  const settingsProblem = (name: keyof LinkSettings, index?: number) => (_value: unknown, fields: SettingsFields) => {
    const problem = checkLinkSettings(settingsOf(fields, link), Date.now(), link?.expiresAt);
    if (problem?.field !== name) return true;
    if (index !== undefined && problem.index !== undefined && problem.index !== index) return true;
    return localizeCoded(problem, 'links');
  };
  const ids = {
    passwordOn: `${id}-password-on`,
    password: `${id}-password`,
    expiresAt: `${id}-expires`,
    maxClicks: `${id}-max`,
    expiredUrl: `${id}-expired-url`,
    iosUrl: `${id}-ios`,
    androidUrl: `${id}-android`,
  };
  const error = (name: 'password' | 'expiresAt' | 'maxClicks' | 'expiredUrl' | 'iosUrl' | 'androidUrl') => errors[name]?.message;
  const urlInput = (name: 'expiredUrl' | 'iosUrl' | 'androidUrl') => (
    <Input
      id={ids[name]}
      type="url"
      inputMode="url"
      placeholder="https://"
      {...register(name, { validate: settingsProblem(name) })}
      {...fieldAria(ids[name], error(name))}
    />
  );

  return (
    <>
      <section aria-labelledby={`${id}-password-title`} className="grid gap-3 border-t border-border pt-5">
        <h3 id={`${id}-password-title`} className="font-semibold">
          {t('edit.passwordTitle')}
        </h3>
        <CheckboxSetting id={ids.passwordOn} label={t('edit.passwordOn')} hint={t('edit.passwordOnHint')} {...register('passwordOn')} />
        {passwordOn ? (
          <FormField id={ids.password} label={t('edit.passwordLabel')} error={error('password')} hint={link?.hasPassword ? t('edit.passwordKeep') : undefined}>
            <Input
              id={ids.password}
              type="password"
              autoComplete="new-password"
              {...register('password', { validate: settingsProblem('password') })}
              {...fieldAria(ids.password, error('password'))}
            />
          </FormField>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-expiry-title`} className="grid gap-4 border-t border-border pt-5">
        <div className="grid gap-1">
          <h3 id={`${id}-expiry-title`} className="font-semibold">
            {t('edit.expiryTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('edit.expiryHint')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={ids.expiresAt} label={t('edit.expiresAtLabel')} error={error('expiresAt')}>
            <Input id={ids.expiresAt} type="datetime-local" {...register('expiresAt', { validate: settingsProblem('expiresAt') })} {...fieldAria(ids.expiresAt, error('expiresAt'))} />
          </FormField>
          <FormField id={ids.maxClicks} label={t('edit.maxClicksLabel')} error={error('maxClicks')}>
            <Input
              id={ids.maxClicks}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder={t('edit.maxClicksPlaceholder')}
              {...register('maxClicks', { validate: settingsProblem('maxClicks') })}
              {...fieldAria(ids.maxClicks, error('maxClicks'))}
            />
          </FormField>
        </div>
        <FormField id={ids.expiredUrl} label={t('edit.expiredUrlLabel')} error={error('expiredUrl')} hint={t('edit.expiredUrlHint')}>
          {urlInput('expiredUrl')}
        </FormField>
      </section>

      <section aria-labelledby={`${id}-targeting-title`} className="grid gap-4 border-t border-border pt-5">
        <div className="grid gap-1">
          <h3 id={`${id}-targeting-title`} className="font-semibold">
            {t('settings.targetingTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('settings.targetingHint')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={ids.iosUrl} label={t('settings.iosUrlLabel')} error={error('iosUrl')}>
            {urlInput('iosUrl')}
          </FormField>
          <FormField id={ids.androidUrl} label={t('settings.androidUrlLabel')} error={error('androidUrl')}>
            {urlInput('androidUrl')}
          </FormField>
        </div>
        <div className="grid gap-3">
          <p className="text-sm font-medium">{t('settings.countriesTitle')}</p>
          {countries.fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('settings.countriesNone')}</p> : null}
          <ul className="grid gap-3">
            {countries.fields.map((row, index) => {
              const rowError = errors.countryUrls?.[index]?.url?.message ?? errors.countryUrls?.[index]?.country?.message;
              const countryId = `${id}-country-${row.id}`;
              const urlId = `${id}-country-url-${row.id}`;
              return (
                <li key={row.id} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
                  <div className="grid gap-2">
                    <Label htmlFor={countryId}>{t('settings.countryLabel', { number: index + 1 })}</Label>
                    <select
                      id={countryId}
                      className={selectClass}
                      {...register(`countryUrls.${index}.country`, { validate: settingsProblem('countryUrls', index) })}
                      aria-invalid={rowError ? true : undefined}
                      aria-describedby={rowError ? `${urlId}-error` : undefined}
                    >
                      <option value="">{t('settings.countryPick')}</option>
                      {options.map((option) => (
                        <option key={option.code} value={option.code}>
                          {option.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={urlId}>{t('settings.countryUrlLabel', { number: index + 1 })}</Label>
                    <Input
                      id={urlId}
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      {...register(`countryUrls.${index}.url`, { validate: settingsProblem('countryUrls', index) })}
                      aria-invalid={rowError ? true : undefined}
                      aria-describedby={rowError ? `${urlId}-error` : undefined}
                    />
                  </div>
                  <Button type="button" variant="ghost" size="sm" onClick={() => countries.remove(index)} aria-label={t('settings.countryRemove', { number: index + 1 })}>
                    <X aria-hidden="true" />
                  </Button>
                  {rowError ? (
                    <p id={`${urlId}-error`} className="text-sm text-destructive sm:col-span-3">
                      {rowError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => countries.append({ country: '', url: '' })}>
            <Plus aria-hidden="true" /> {t('settings.countryAdd')}
          </Button>
        </div>
      </section>

      <section aria-labelledby={`${id}-utm-title`} className="grid gap-4 border-t border-border pt-5">
        <div className="grid gap-1">
          <h3 id={`${id}-utm-title`} className="font-semibold">
            {t('settings.utmTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('settings.utmHint')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {UTM_FIELDS.map((field) => {
            const fieldId = `${id}-utm-${field}`;
            const message = errors.utm?.[field]?.message;
            return (
              <FormField key={field} id={fieldId} label={t(`settings.utm.${field}`)} error={message}>
                <Input
                  id={fieldId}
                  autoComplete="off"
                  placeholder={t(`settings.utmPlaceholder.${field}`)}
                  {...register(`utm.${field}`, { validate: settingsProblem('utm') })}
                  {...fieldAria(fieldId, message)}
                />
              </FormField>
            );
          })}
        </div>
      </section>

      <section aria-labelledby={`${id}-preview-title`} className="grid gap-4 border-t border-border pt-5">
        <div className="grid gap-1">
          <h3 id={`${id}-preview-title`} className="font-semibold">
            {t('settings.previewTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('settings.previewHint')}</p>
        </div>
        <FormField id={`${id}-preview-heading`} label={t('settings.previewHeading')} error={errors.previewTitle?.message}>
          <Input
            id={`${id}-preview-heading`}
            autoComplete="off"
            {...register('previewTitle', { validate: settingsProblem('previewTitle') })}
            {...fieldAria(`${id}-preview-heading`, errors.previewTitle?.message)}
          />
        </FormField>
        <FormField id={`${id}-preview-description`} label={t('settings.previewDescription')} error={errors.previewDescription?.message}>
          <Textarea
            id={`${id}-preview-description`}
            rows={2}
            {...register('previewDescription', { validate: settingsProblem('previewDescription') })}
            {...fieldAria(`${id}-preview-description`, errors.previewDescription?.message)}
          />
        </FormField>
        <FormField id={`${id}-preview-image`} label={t('settings.previewImage')} hint={t('settings.previewImageHint')} error={errors.previewImageUrl?.message}>
          <Input
            id={`${id}-preview-image`}
            type="url"
            inputMode="url"
            placeholder="https://"
            {...register('previewImageUrl', { validate: settingsProblem('previewImageUrl') })}
            {...fieldAria(`${id}-preview-image`, errors.previewImageUrl?.message)}
          />
        </FormField>
      </section>

      <TagsSection form={form} />
    </>
  );
}

/** The link's tags: the user's tags as toggles, and a new tag with its colour. */
function TagsSection({ form }: { form: UseFormReturn<SettingsFields> }) {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const { data } = useLinkTags();
  const createTag = useCreateLinkTag();
  const selected = useWatch({ control: form.control, name: 'tags' });
  const [name, setName] = useState('');
  const [color, setColor] = useState<LinkTagColor>('blue');
  const [problem, setProblem] = useState<string | null>(null);
  const tags = data?.items ?? [];
  const isOn = (tagName: string) => selected.some((value) => value.toLowerCase() === tagName.toLowerCase());
  const toggle = (tagName: string) =>
    form.setValue('tags', isOn(tagName) ? selected.filter((value) => value.toLowerCase() !== tagName.toLowerCase()) : [...selected, tagName], { shouldDirty: true });

  const add = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setProblem(null);
    const existing = tags.find((tag) => tag.name.toLowerCase() === trimmed.toLowerCase());
    try {
      const tag = existing ?? (await createTag.mutateAsync({ name: trimmed, color }));
      if (!isOn(tag.name)) form.setValue('tags', [...selected, tag.name], { shouldDirty: true });
      setName('');
    } catch (failure) {
      setProblem(localizeError(failure, 'links'));
    }
  };
  const tagsError = form.formState.errors.tags?.message;

  return (
    <section aria-labelledby={`${id}-tags-title`} className="grid gap-4 border-t border-border pt-5">
      <div className="grid gap-1">
        <h3 id={`${id}-tags-title`} className="font-semibold">
          {t('settings.tagsTitle')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('settings.tagsHint')}</p>
      </div>
      {tags.length > 0 ? (
        <ul aria-label={t('settings.tagsYours')} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                aria-pressed={isOn(tag.name)}
                onClick={() => toggle(tag.name)}
                className={cn(
                  'inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isOn(tag.name) ? TAG_CHIP_CLASSES[tag.color] : 'border-dashed border-border text-muted-foreground hover:text-foreground',
                )}
              >
                <span aria-hidden="true" className={cn('size-2 rounded-full', TAG_DOT_CLASSES[tag.color])} />
                {tag.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {selected.filter((value) => !tags.some((tag) => tag.name.toLowerCase() === value.toLowerCase())).length > 0 ? (
        <p className="text-sm text-muted-foreground">{t('settings.tagsNew', { names: selected.filter((value) => !tags.some((tag) => tag.name.toLowerCase() === value.toLowerCase())).join(', ') })}</p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-end">
        <FormField id={`${id}-tag-name`} label={t('settings.tagName')} error={problem ?? tagsError}>
          <Input
            id={`${id}-tag-name`}
            value={name}
            maxLength={40}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
            {...fieldAria(`${id}-tag-name`, problem ?? tagsError)}
          />
        </FormField>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-tag-color`}>{t('settings.tagColor')}</Label>
          <select id={`${id}-tag-color`} className={selectClass} value={color} onChange={(event) => setColor(event.target.value as LinkTagColor)}>
            {LINK_TAG_COLORS.map((value) => (
              <option key={value} value={value}>
                {t(`settings.colors.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" onClick={() => void add()} disabled={createTag.isPending || !name.trim()} className={cn((problem ?? tagsError) && 'sm:mb-7')}>
          <Tag aria-hidden="true" /> {t('settings.tagAdd')}
        </Button>
      </div>
    </section>
  );
}

/** A link's tags as small coloured chips. */
export function TagChips({ tags, className }: { tags: ShortLink['tags']; className?: string }) {
  const { t } = useTranslation('links-pages');
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('settings.tagsOfLink')} className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag.id} className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', TAG_CHIP_CLASSES[tag.color])}>
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

/** The first message among a form's errors, nested ones (country rows, UTM) included. */
export function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
