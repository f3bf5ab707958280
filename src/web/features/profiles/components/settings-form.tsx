import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { coded } from '#shared/messages.ts';
import { CURRENCIES, type Currency } from '#shared/money.ts';
import { profileUpdateSchema, type ProfileUpdate } from '#shared/profiles-update.ts';
import { defaultBio, EMAIL_DIGEST_CHOICES, LANGUAGES, type Preferences, type Profile, PROFILE_MESSAGES, THEMES } from '#shared/profiles.ts';
import { checkboxClass } from '#web/components/ui/checkbox.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useBrand } from '#web/lib/site.ts';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { changeLanguage, i18n } from '#web/lib/i18n.ts';
import { localizeCoded, localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { applyTheme } from '#web/lib/theme.ts';
import { showToast } from '#web/lib/toast.ts';
import { useProfileSave } from '../utils/use-profile-save.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { errorsByPath } from '#web/lib/form-errors.ts';
import { textareaClass } from '#web/components/ui/textarea.tsx';
import { selectClass } from '#web/components/ui/select.ts';

/** The fields of this page, checked by the profile's shared update schema. */
type SettingsValues = z.input<typeof profileUpdateSchema>;

/** 'Settings Saved!' in the language just chosen (the component's own `t` still speaks the previous one). */
function announceSaved(language: Preferences['language']) {
  const t = i18n.getFixedT(language, 'profiles');
  showToast({ title: t('settings.toast.saved'), description: t('settings.toast.savedDescription'), variant: 'success' });
}

/** "Euro (EUR)": the currency's name in the interface language, and its code. */
function currencyLabel(currency: Currency) {
  return `${new Intl.DisplayNames(i18n.language, { type: 'currency' }).of(currency) ?? currency} (${currency})`;
}

/** Account Settings (SPEC §2): profile fields, read-only e-mail, picture, store currency, seller details for receipts and invoices, checkout reminders, notifications, language and theme. */
export function SettingsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  // The spec's default bio is the field's placeholder, never saved as the creator's words.
  const brand = useBrand();
  const { avatarFile, avatarResetKey, avatarError, chooseAvatar, save, saving } = useProfileSave();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: found },
  } = useForm<SettingsValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      name: profile.name,
      bio: profile.bio,
      currency: profile.currency,
      checkoutReminders: profile.checkoutReminders,
      notifications: profile.notifications,
      preferences: profile.preferences,
      sellerName: profile.sellerName,
      sellerAddress: profile.sellerAddress,
      sellerTaxId: profile.sellerTaxId,
    },
  });
  const errors: Record<string, string | undefined> = { ...errorsByPath(found, (message) => localizeMessage(message, 'profiles', PROFILE_MESSAGES)), avatar: avatarError };

  const languageNames: Record<Preferences['language'], string> = { en: t('settings.language.en'), es: t('settings.language.es'), fr: t('settings.language.fr') };
  const themeNames: Record<Preferences['theme'], string> = { dark: t('settings.theme.dark'), light: t('settings.theme.light') };

  const failed = () =>
    showToast({ title: t('settings.toast.failedTitle'), description: t('settings.toast.failedDescription'), variant: 'error' });

  // A store with a sale, an invoice or a payout keeps its currency: the select is disabled, with why.
  const lockedMessage = profile.currencyLocked ? localizeCoded(coded(PROFILE_MESSAGES, 'currencyLocked'), 'profiles') : undefined;

  const onSubmit = async ({ currency, ...update }: ProfileUpdate) => {
    if (saving) return;
    if (avatarError) return failed();
    try {
      // The currency goes only when it changes: an unchanged one must not meet the lock.
      const changes = currency && currency !== profile.currency ? { ...update, currency } : update;
      const saved = await save(changes, (error) => localizeError(error, 'profiles', t('settings.toast.failedDescription')));
      applyTheme(saved.preferences.theme);
      await changeLanguage(saved.preferences.language);
      announceSaved(saved.preferences.language);
    } catch (error) {
      if (isApiError(error) && error.code === 'currency_locked') {
        const message = localizeError(error, 'profiles');
        setError('currency', { message });
        return showToast({ title: t('settings.toast.failedTitle'), description: message, variant: 'error' });
      }
      // A refused picture is shown beside it (useProfileSave); the toast says the save failed.
      failed();
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, failed)} aria-label={t('settings.title')} className="grid gap-6">
      <fieldset disabled={saving} className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('settings.profile.title')}</CardTitle>
            <CardDescription>{t('settings.profile.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <AvatarPicker
              id={fieldId('avatar')}
              current={profile}
              file={avatarFile}
              resetKey={avatarResetKey}
              error={errors.avatar}
              onFileChange={chooseAvatar}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id={fieldId('name')} label={t('settings.profile.name')} error={errors.name}>
                <Input id={fieldId('name')} autoComplete="name" maxLength={100} {...fieldAria(fieldId('name'), errors.name)} {...register('name')} />
              </FormField>
              <FormField id={fieldId('email')} label={t('settings.profile.email')} hint={t('settings.profile.emailHint')}>
                <Input id={fieldId('email')} type="email" value={profile.email} readOnly aria-readonly="true" className="cursor-default opacity-80" />
              </FormField>
              <FormField id={fieldId('bio')} label={t('settings.profile.bio')} error={errors.bio} className="sm:col-span-2">
                <textarea id={fieldId('bio')} rows={3} maxLength={1000} placeholder={defaultBio(brand)} className={textareaClass} {...fieldAria(fieldId('bio'), errors.bio)} {...register('bio')} />
              </FormField>
              <FormField
                id={fieldId('currency')}
                label={t('settings.currency.label')}
                error={errors.currency}
                hint={
                  <>
                    <span id={`${fieldId('currency')}-hint`}>{t('settings.currency.hint')}</span>
                    {lockedMessage ? (
                      <span id={`${fieldId('currency')}-locked`} className="mt-1 block">
                        {lockedMessage}
                      </span>
                    ) : null}
                  </>
                }
              >
                <select
                  id={fieldId('currency')}
                  className={selectClass}
                  aria-describedby={lockedMessage ? `${fieldId('currency')}-hint ${fieldId('currency')}-locked` : `${fieldId('currency')}-hint`}
                  {...fieldAria(fieldId('currency'), errors.currency)}
                  {...register('currency', { disabled: profile.currencyLocked })}
                >
                  {CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {currencyLabel(code)}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('settings.checkout.title')}</CardTitle>
            <CardDescription>{t('settings.checkout.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="flex items-start gap-3">
              <input
                id={fieldId('checkoutReminders')}
                type="checkbox"
                role="switch"
                {...register('checkoutReminders')}
                className={`${checkboxClass} mt-0.5`}
                aria-describedby={`${fieldId('checkoutReminders')}-hint`}
              />
              <div className="grid gap-1">
                <Label htmlFor={fieldId('checkoutReminders')} className="cursor-pointer">
                  {t('settings.checkout.reminders')}
                </Label>
                <p id={`${fieldId('checkoutReminders')}-hint`} className="text-xs text-muted-foreground">
                  {t('settings.checkout.remindersHint')}
                </p>
              </div>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('settings.seller.title')}</CardTitle>
            <CardDescription>{t('settings.seller.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <FormField id={fieldId('sellerName')} label={t('settings.seller.name')} error={errors.sellerName} hint={t('settings.seller.nameHint')}>
              <Input id={fieldId('sellerName')} autoComplete="organization" maxLength={120} {...fieldAria(fieldId('sellerName'), errors.sellerName)} {...register('sellerName')} />
            </FormField>
            <FormField id={fieldId('sellerTaxId')} label={t('settings.seller.taxId')} error={errors.sellerTaxId} hint={t('settings.seller.taxIdHint')}>
              <Input id={fieldId('sellerTaxId')} maxLength={40} {...fieldAria(fieldId('sellerTaxId'), errors.sellerTaxId)} {...register('sellerTaxId')} />
            </FormField>
            <FormField id={fieldId('sellerAddress')} label={t('settings.seller.address')} error={errors.sellerAddress} className="sm:col-span-2">
              <textarea
                id={fieldId('sellerAddress')}
                rows={3}
                maxLength={500}
                autoComplete="street-address"
                className={textareaClass}
                {...fieldAria(fieldId('sellerAddress'), errors.sellerAddress)}
                {...register('sellerAddress')}
              />
            </FormField>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('settings.notifications.title')}</CardTitle>
            <CardDescription>{t('settings.notifications.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {(['emailNotifications', 'pushNotifications'] as const).map((key) => (
              <div key={key} className="flex items-start gap-3">
                <input
                  id={fieldId(key)}
                  type="checkbox"
                  role="switch"
                  {...register(`notifications.${key}`)}
                  className={`${checkboxClass} mt-0.5`}
                  aria-describedby={`${fieldId(key)}-hint`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={fieldId(key)} className="cursor-pointer">
                    {key === 'emailNotifications' ? t('settings.notifications.email') : t('settings.notifications.push')}
                  </Label>
                  <p id={`${fieldId(key)}-hint`} className="text-xs text-muted-foreground">
                    {key === 'emailNotifications' ? t('settings.notifications.emailHint') : t('settings.notifications.pushHint')}
                  </p>
                </div>
              </div>
            ))}
            <fieldset className="grid content-start gap-2">
              <legend className="mb-2 text-sm font-medium">{t('settings.notifications.digest.label')}</legend>
              <div className="flex flex-wrap gap-4">
                {EMAIL_DIGEST_CHOICES.map((choice) => (
                  <div key={choice} className="flex items-center gap-2">
                    <input id={fieldId(`digest-${choice}`)} type="radio" value={choice} className={checkboxClass} {...register('notifications.emailDigest')} />
                    <Label htmlFor={fieldId(`digest-${choice}`)} className="cursor-pointer font-normal">
                      {choice === 'each' ? t('settings.notifications.digest.each') : t('settings.notifications.digest.daily')}
                    </Label>
                  </div>
                ))}
              </div>
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('settings.preferences.title')}</CardTitle>
            <CardDescription>{t('settings.preferences.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 sm:grid-cols-2">
            <FormField id={fieldId('language')} label={t('settings.language.label')}>
              <select
                id={fieldId('language')}
                className={selectClass}
                {...register('preferences.language')}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {languageNames[code]}
                  </option>
                ))}
              </select>
            </FormField>
            <fieldset className="grid content-start gap-2">
              <legend className="mb-2 text-sm font-medium">{t('settings.theme.label')}</legend>
              <div className="flex flex-wrap gap-4">
                {THEMES.map((theme) => (
                  <div key={theme} className="flex items-center gap-2">
                    <input
                      id={fieldId(`theme-${theme}`)}
                      type="radio"
                      value={theme}
                      className={checkboxClass}
                      {...register('preferences.theme')}
                    />
                    <Label htmlFor={fieldId(`theme-${theme}`)} className="cursor-pointer font-normal">
                      {themeNames[theme]}
                    </Label>
                  </div>
                ))}
              </div>
            </fieldset>
          </CardContent>
        </Card>
      </fieldset>
      <div className="flex justify-end">
        <SubmitButton pending={saving} pendingLabel={t('settings.saving')}>
          <Save aria-hidden="true" /> {t('settings.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
