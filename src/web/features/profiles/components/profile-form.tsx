import { zodResolver } from '@hookform/resolvers/zod';
import { Save, X } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { profileUpdateSchema, type ProfileUpdate } from '#shared/profiles-update.ts';
import { cheapestPlanWith, planById } from '#shared/plans.ts';
import { defaultBio, type Profile, PROFILE_MESSAGES, SOCIAL_LINK_KINDS, type SocialLinks } from '#shared/profiles.ts';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { UPGRADE_PATH } from '#web/components/upgrade-notice.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { CheckboxSetting } from '#web/components/ui/checkbox.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { isApiError } from '#web/lib/api.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { useBrand, useSite } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import { useProfileSave } from '../utils/use-profile-save.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { errorsByPath } from '#web/lib/form-errors.ts';
import { textareaClass } from '#web/components/ui/textarea.tsx';
import { PortfolioEditor } from './portfolio-editor.tsx';
import { SkillsEditor } from './skills-editor.tsx';

type ProfileValues = z.input<typeof profileUpdateSchema>;

const valuesOf = (profile: Profile): ProfileValues => ({
  name: profile.name,
  bio: profile.bio,
  skills: profile.skills,
  portfolio: profile.portfolio,
  socialLinks: profile.socialLinks,
  storefrontSlug: profile.storefrontSlug,
  isPublic: profile.isPublic,
});

/**
 * The profile tab's edit mode (SPEC §4 Profile editing). Save sends the picture first (if one was
 * chosen), then the fields; a failure says why and keeps the form open, so nothing is lost silently.
 */
export function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const { data: site } = useSite();
  // The spec's default bio is the bio field's placeholder, never saved as the creator's words.
  const brand = useBrand();
  const { avatarFile, avatarResetKey, avatarError, chooseAvatar, resetAvatar, save, saving } = useProfileSave();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors: found },
  } = useForm<ProfileValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: valuesOf(profile),
  });
  const errors: Record<string, string | undefined> = { ...errorsByPath(found, (message) => localizeMessage(message, 'profiles', PROFILE_MESSAGES)), avatar: avatarError };
  const storefrontSlug = useWatch({ control, name: 'storefrontSlug' }) ?? '';
  // Free accounts keep the generated storefront address (the server refuses a new one: plan_required).
  const slugLocked = !planById(profile.plan).customSlug;

  const cancel = () => {
    // Cancel discards the chosen picture and brings the saved one back.
    resetAvatar();
    onDone();
  };

  const onInvalid = () => showToast({ title: t('toast.updateFailed'), description: t('toast.fixFields'), variant: 'error' });

  const onSubmit = async (update: ProfileUpdate) => {
    if (saving) return;
    if (avatarError) return onInvalid();
    try {
      await save(update, (error) => localizeError(error, 'profiles', t('toast.unknownError')));
      showToast({ title: t('toast.updated'), description: t('toast.updatedDescription'), variant: 'success' });
      onDone();
    } catch (error) {
      const message = localizeError(error, 'profiles', t('toast.unknownError'));
      if (isApiError(error) && (error.code === 'slug_taken' || error.code === 'plan_required')) setError('storefrontSlug', { message });
      showToast({ title: t('toast.updateFailed'), description: message, variant: 'error' });
    }
  };

  const storeBase = `${(site?.publicUrl ?? window.location.origin).replace(/\/$/, '')}/store/`;
  const socialLabels: Record<keyof SocialLinks, string> = {
    twitter: t('social.twitter'),
    linkedin: t('social.linkedin'),
    github: t('social.github'),
    website: t('social.website'),
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-label={t('edit.formLabel')} className="grid gap-8">
      <fieldset disabled={saving} className="grid min-w-0 gap-8">
        <AvatarPicker
          id={fieldId('avatar')}
          current={profile}
          file={avatarFile}
          resetKey={avatarResetKey}
          error={errors.avatar}
          onFileChange={chooseAvatar}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={fieldId('name')} label={t('fields.name')} error={errors.name}>
            <Input id={fieldId('name')} autoComplete="name" maxLength={100} {...fieldAria(fieldId('name'), errors.name)} {...register('name')} />
          </FormField>
          <FormField
            id={fieldId('slug')}
            label={t('fields.storefrontSlug')}
            error={errors.storefrontSlug}
            hint={
              slugLocked ? (
                <span id={fieldId('slug-plan')}>
                  {t('edit.slugPlan', { plan: t(`common:plans.${cheapestPlanWith('customSlug').id}`), url: `${storeBase}${storefrontSlug}` })}{' '}
                  <Link to={UPGRADE_PATH} className="font-medium whitespace-nowrap text-brand-soft underline underline-offset-4">
                    {t('common:upgrade.seePlans')}
                  </Link>
                </span>
              ) : (
                t('edit.slugHint', { url: `${storeBase}${storefrontSlug}` })
              )
            }
          >
            <Input
              id={fieldId('slug')}
              autoComplete="off"
              spellCheck={false}
              maxLength={60}
              readOnly={slugLocked}
              aria-describedby={slugLocked && !errors.storefrontSlug ? fieldId('slug-plan') : undefined}
              {...fieldAria(fieldId('slug'), errors.storefrontSlug)}
              {...register('storefrontSlug')}
            />
          </FormField>
          <FormField id={fieldId('bio')} label={t('fields.bio')} error={errors.bio} className="sm:col-span-2">
            <textarea id={fieldId('bio')} rows={4} maxLength={1000} placeholder={defaultBio(brand)} className={textareaClass} {...fieldAria(fieldId('bio'), errors.bio)} {...register('bio')} />
          </FormField>
        </div>

        <Controller
          control={control}
          name="skills"
          render={({ field }) => <SkillsEditor id={fieldId('skill')} skills={field.value ?? []} onChange={field.onChange} error={errors.skills} />}
        />

        <Controller
          control={control}
          name="portfolio"
          render={({ field }) => <PortfolioEditor items={field.value ?? []} onChange={field.onChange} error={errors.portfolio} />}
        />

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-medium">{t('fields.socialLinks')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {SOCIAL_LINK_KINDS.map((kind) => {
              const error = errors[`socialLinks.${kind}`];
              return (
                <FormField key={kind} id={fieldId(kind)} label={socialLabels[kind]} error={error}>
                  <Input id={fieldId(kind)} type="url" inputMode="url" placeholder="https://" {...fieldAria(fieldId(kind), error)} {...register(`socialLinks.${kind}`)} />
                </FormField>
              );
            })}
          </div>
        </fieldset>

        <CheckboxSetting id={fieldId('public')} label={t('fields.isPublic')} hint={t('edit.publicHint')} {...register('isPublic')} />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={cancel} disabled={saving}>
          <X aria-hidden="true" /> {t('edit.cancel')}
        </Button>
        <SubmitButton pending={saving} pendingLabel={t('edit.saving')}>
          <Save aria-hidden="true" /> {t('edit.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
