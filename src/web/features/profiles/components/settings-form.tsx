import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema } from '#shared/profiles-update.ts';
import { LANGUAGES, THEMES, type Preferences, type Profile } from '#shared/profiles.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { changeLanguage, i18n, isLanguage } from '#web/lib/i18n.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { applyTheme, isTheme } from '#web/lib/theme.ts';
import { showToast } from '#web/lib/toast.ts';
import { useUploadAvatar } from '../api/avatar.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { issuesByPath } from '#web/lib/form-errors.ts';
import { textareaClass } from '#web/components/ui/textarea.tsx';
import { checkboxClass, selectClass } from './form-controls.ts';

/** 'Settings Saved!' in the language just chosen (the component's own `t` still speaks the previous one). */
function announceSaved(language: Preferences['language']) {
  const t = i18n.getFixedT(language, 'settings');
  showToast({ title: t('toast.saved'), description: t('toast.savedDescription'), variant: 'success' });
}

/** Account Settings (SPEC §2): profile fields, read-only e-mail, picture, notifications, language and theme. */
export function SettingsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [name, setName] = useState(profile.name);
  const [bio, setBio] = useState(profile.bio);
  const [notifications, setNotifications] = useState(profile.notifications);
  const [preferences, setPreferences] = useState(profile.preferences);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [avatarResetKey, setAvatarResetKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const saving = updateProfile.isPending || uploadAvatar.isPending;

  const languageNames: Record<Preferences['language'], string> = { en: t('language.en'), es: t('language.es'), fr: t('language.fr') };
  const themeNames: Record<Preferences['theme'], string> = { dark: t('theme.dark'), light: t('theme.light') };

  const failed = () =>
    showToast({ title: t('toast.failedTitle'), description: t('toast.failedDescription'), variant: 'error' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = profileUpdateSchema.safeParse({ name, bio, notifications, preferences });
    if (!parsed.success || errors.avatar) {
      const found = parsed.success ? {} : issuesByPath(parsed.error.issues);
      setErrors({ ...Object.fromEntries(Object.entries(found).map(([path, message]) => [path, localizeMessage(message, 'profile')])), ...(errors.avatar ? { avatar: errors.avatar } : {}) });
      failed();
      return;
    }
    setErrors({});
    try {
      if (avatarFile) {
        await uploadAvatar.mutateAsync(avatarFile);
        setAvatarFile(null);
        setAvatarResetKey((key) => key + 1);
      }
      const saved = await updateProfile.mutateAsync(parsed.data);
      applyTheme(saved.preferences.theme);
      await changeLanguage(saved.preferences.language);
      announceSaved(saved.preferences.language);
    } catch (error) {
      // A refused picture (too large, not a picture) is shown beside it; the toast says the save failed.
      if (isApiError(error) && [413, 415].includes(error.status)) setErrors({ avatar: localizeError(error, 'profile', t('toast.failedDescription')) });
      failed();
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('title')} className="grid gap-6">
      <fieldset disabled={saving} className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('profile.title')}</CardTitle>
            <CardDescription>{t('profile.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <AvatarPicker
              id={fieldId('avatar')}
              current={profile}
              file={avatarFile}
              resetKey={avatarResetKey}
              error={errors.avatar}
              onFileChange={(file, problem) => {
                setAvatarFile(problem ? null : file);
                setErrors(({ avatar: _avatar, ...rest }) => (problem ? { ...rest, avatar: problem } : rest));
              }}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id={fieldId('name')} label={t('profile.name')} error={errors.name}>
                <Input id={fieldId('name')} autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} {...fieldAria(fieldId('name'), errors.name)} />
              </FormField>
              <FormField id={fieldId('email')} label={t('profile.email')} hint={t('profile.emailHint')}>
                <Input id={fieldId('email')} type="email" value={profile.email} readOnly aria-readonly="true" className="cursor-default opacity-80" />
              </FormField>
              <FormField id={fieldId('bio')} label={t('profile.bio')} error={errors.bio} className="sm:col-span-2">
                <textarea id={fieldId('bio')} rows={3} maxLength={1000} value={bio} onChange={(event) => setBio(event.target.value)} className={textareaClass} {...fieldAria(fieldId('bio'), errors.bio)} />
              </FormField>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('notifications.title')}</CardTitle>
            <CardDescription>{t('notifications.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {(['emailNotifications', 'pushNotifications'] as const).map((key) => (
              <div key={key} className="flex items-start gap-3">
                <input
                  id={fieldId(key)}
                  type="checkbox"
                  role="switch"
                  checked={notifications[key]}
                  onChange={(event) => setNotifications({ ...notifications, [key]: event.target.checked })}
                  className={`${checkboxClass} mt-0.5`}
                  aria-describedby={`${fieldId(key)}-hint`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={fieldId(key)} className="cursor-pointer">
                    {key === 'emailNotifications' ? t('notifications.email') : t('notifications.push')}
                  </Label>
                  <p id={`${fieldId(key)}-hint`} className="text-xs text-muted-foreground">
                    {key === 'emailNotifications' ? t('notifications.emailHint') : t('notifications.pushHint')}
                  </p>
                </div>
              </div>
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('preferences.title')}</CardTitle>
            <CardDescription>{t('preferences.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 sm:grid-cols-2">
            <FormField id={fieldId('language')} label={t('language.label')}>
              <select
                id={fieldId('language')}
                value={preferences.language}
                onChange={(event) => isLanguage(event.target.value) && setPreferences({ ...preferences, language: event.target.value })}
                className={selectClass}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {languageNames[code]}
                  </option>
                ))}
              </select>
            </FormField>
            <fieldset className="grid content-start gap-2">
              <legend className="mb-2 text-sm font-medium">{t('theme.label')}</legend>
              <div className="flex flex-wrap gap-4">
                {THEMES.map((theme) => (
                  <div key={theme} className="flex items-center gap-2">
                    <input
                      id={fieldId(`theme-${theme}`)}
                      type="radio"
                      name={fieldId('theme')}
                      value={theme}
                      checked={preferences.theme === theme}
                      onChange={(event) => isTheme(event.target.value) && setPreferences({ ...preferences, theme: event.target.value })}
                      className={checkboxClass}
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
        <SubmitButton pending={saving} pendingLabel={t('saving')}>
          <Save aria-hidden="true" /> {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}
