import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LinkUpdate } from '#shared/links-api.ts';
import { checkCustomCode, checkLinkSettings, validateTargetUrl, type LinkSettings } from '#shared/links.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxSetting } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { localizeCoded, localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import type { ShortLink } from '../api/types.ts';
import { useUpdateLink } from '../api/update-link.ts';

interface EditFields {
  url: string;
  code: string;
  passwordOn: boolean;
  password: string;
  /** `datetime-local` value, the visitor's local time; empty for none. */
  expiresAt: string;
  maxClicks: string;
  expiredUrl: string;
}

type FieldName = Exclude<keyof EditFields, 'passwordOn'>;

// Server error codes by the field they belong to; the rest show above the buttons.
const FIELD_OF_CODE: Record<string, FieldName> = {
  url_required: 'url',
  url_too_long: 'url',
  url_scheme: 'url',
  url_invalid: 'url',
  link_loop: 'url',
  domain_blocked: 'url',
  code_characters: 'code',
  code_length: 'code',
  code_reserved: 'code',
  code_taken: 'code',
  custom_code_required: 'code',
  password_length: 'password',
  expires_invalid: 'expiresAt',
  expires_past: 'expiresAt',
  max_clicks_invalid: 'maxClicks',
  expired_url_invalid: 'expiredUrl',
};

/** An ISO time as a `datetime-local` value in the visitor's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const fromLocalInput = (value: string): string | null => {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? value : new Date(time).toISOString();
};

const toFields = (link: ShortLink): EditFields => ({
  url: link.url,
  code: link.code,
  passwordOn: link.hasPassword,
  password: '',
  expiresAt: toLocalInput(link.expiresAt),
  maxClicks: link.maxClicks === null ? '' : String(link.maxClicks),
  expiredUrl: link.expiredUrl ?? '',
});

/** The settings the fields give (a blank field clears its setting; a kept password is left out). */
function settingsOf(fields: EditFields, link: ShortLink): LinkSettings {
  const password = fields.passwordOn ? (fields.password || (link.hasPassword ? undefined : '')) : null;
  const maxClicks = fields.maxClicks.trim();
  return {
    password,
    expiresAt: fromLocalInput(fields.expiresAt),
    maxClicks: maxClicks ? Number(maxClicks) : null,
    expiredUrl: fields.expiredUrl.trim() || null,
  };
}

/** Only what changed, so an edit never touches what the owner left alone. */
function changesOf(fields: EditFields, link: ShortLink): LinkUpdate {
  const settings = settingsOf(fields, link);
  const changes: LinkUpdate = {};
  if (fields.url.trim() !== link.url) changes.url = fields.url.trim();
  if (fields.code.trim() !== link.code) changes.code = fields.code.trim();
  if (settings.password !== undefined && !(settings.password === null && !link.hasPassword)) changes.password = settings.password;
  const sameTime = settings.expiresAt && link.expiresAt && Date.parse(settings.expiresAt) === Date.parse(link.expiresAt);
  if (settings.expiresAt !== link.expiresAt && !sameTime) changes.expiresAt = settings.expiresAt;
  if (settings.maxClicks !== link.maxClicks) changes.maxClicks = settings.maxClicks;
  if (settings.expiredUrl !== link.expiredUrl) changes.expiredUrl = settings.expiredUrl;
  return changes;
}

/** Edit a link in a dialog: destination, code, password and expiry; its clicks and analytics stay. */
export function EditLinkDialog({ link }: { link: ShortLink }) {
  const { t } = useTranslation('links-pages');
  const [open, setOpen] = useState(false);
  const updateLink = useUpdateLink();
  const pending = updateLink.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('edit.triggerLabel', { code: link.code })}>
          <Pencil aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{t('edit.trigger')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] max-w-xl overflow-y-auto">
        <div className="grid gap-1.5 pr-8">
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </div>
        {/* Mounted while open only, so each opening starts from the link as it is now. */}
        {open ? <EditLinkForm link={link} updateLink={updateLink} onSaved={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditLinkForm({ link, updateLink, onSaved }: { link: ShortLink; updateLink: ReturnType<typeof useUpdateLink>; onSaved: () => void }) {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const ids = { url: `${id}-url`, code: `${id}-code`, passwordOn: `${id}-password-on`, password: `${id}-password`, expiresAt: `${id}-expires`, maxClicks: `${id}-max`, expiredUrl: `${id}-expired-url` };
  const pending = updateLink.isPending;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<EditFields>({ reValidateMode: 'onChange', defaultValues: toFields(link) });
  const passwordOn = useWatch({ control, name: 'passwordOn' });
  const error = (name: FieldName) => errors[name]?.message;

  // The shared checks, one problem per field, in the interface language.
  const settingsProblem = (name: keyof LinkSettings) => (_value: string, fields: EditFields) => {
    const problem = checkLinkSettings(settingsOf(fields, link), Date.now(), link.expiresAt);
    return problem?.field === name ? localizeCoded(problem, 'links') : true;
  };

  const onSubmit = async (fields: EditFields) => {
    const changes = changesOf(fields, link);
    try {
      const saved = Object.keys(changes).length > 0 ? await updateLink.mutateAsync({ code: link.code, changes }) : link;
      showToast({ title: t('edit.doneTitle'), description: t('edit.done', { code: saved.code }), variant: 'success' });
      onSaved();
    } catch (failure) {
      const message = localizeError(failure, 'links', t('links:common.unexpected'));
      const field = failure instanceof ApiError ? FIELD_OF_CODE[failure.code] : undefined;
      setError(field ?? 'root', { message }, { shouldFocus: true });
    }
  };
  const onInvalid = (found: FieldErrors<EditFields>) => {
    const first = Object.values(found)[0]?.message;
    if (first) showToast({ title: t('edit.invalidTitle'), description: first, variant: 'error' });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)} aria-label={t('edit.formLabel', { code: link.code })}>
      <fieldset disabled={pending} className="grid min-w-0 gap-5">
        <FormField id={ids.url} label={t('edit.urlLabel')} error={error('url')}>
          <Input
            id={ids.url}
            type="url"
            inputMode="url"
            autoComplete="url"
            {...register('url', {
              validate: (url) => {
                const target = validateTargetUrl(url);
                return target.ok || localizeCoded(target, 'links');
              },
            })}
            {...fieldAria(ids.url, error('url'))}
          />
        </FormField>
        <FormField id={ids.code} label={t('edit.codeLabel')} error={error('code')} hint={t('edit.codeHint')}>
          <Input
            id={ids.code}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...register('code', {
              validate: (code) => {
                const problem = code.trim() === link.code ? undefined : checkCustomCode(code.trim());
                return problem === undefined || localizeCoded(problem, 'links');
              },
            })}
            {...fieldAria(ids.code, error('code'))}
          />
        </FormField>

        <section aria-labelledby={`${id}-password-title`} className="grid gap-3 border-t border-border pt-5">
          <h3 id={`${id}-password-title`} className="font-semibold">
            {t('edit.passwordTitle')}
          </h3>
          <CheckboxSetting id={ids.passwordOn} label={t('edit.passwordOn')} hint={t('edit.passwordOnHint')} {...register('passwordOn')} />
          {passwordOn ? (
            <FormField id={ids.password} label={t('edit.passwordLabel')} error={error('password')} hint={link.hasPassword ? t('edit.passwordKeep') : undefined}>
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
              <Input
                id={ids.expiresAt}
                type="datetime-local"
                {...register('expiresAt', { validate: settingsProblem('expiresAt') })}
                {...fieldAria(ids.expiresAt, error('expiresAt'))}
              />
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
            <Input
              id={ids.expiredUrl}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...register('expiredUrl', { validate: settingsProblem('expiredUrl') })}
              {...fieldAria(ids.expiredUrl, error('expiredUrl'))}
            />
          </FormField>
        </section>

        {errors.root?.message ? <Notice variant="error">{errors.root.message}</Notice> : null}
        <DialogActions cancelLabel={t('links:common.cancel')} pending={pending}>
          <SubmitButton pending={pending} pendingLabel={t('edit.saving')}>
            {t('edit.save')}
          </SubmitButton>
        </DialogActions>
      </fieldset>
    </form>
  );
}
