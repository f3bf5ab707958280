import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LinkUpdate } from '#shared/links-api.ts';
import { checkCustomCode, validateTargetUrl } from '#shared/links.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { localizeCoded, localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import type { ShortLink } from '../api/types.ts';
import { useUpdateLink } from '../api/update-link.ts';
import { useLinkDomains } from '../api/link-domains.ts';
import { DomainOptions } from './domain-options.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { useSite } from '#web/lib/site.ts';
import { firstMessage, LinkSettingsSections, SETTINGS_FIELD_OF_CODE, settingsDefaults, settingsOf, type SettingsFields } from './link-settings-fields.tsx';

/** `domain`: the links domain's host name, '' for this site. */
type EditFields = SettingsFields & { url: string; code: string; domain: string };


// Server error codes by the field they belong to; the rest show above the buttons.
const FIELD_OF_CODE: Record<string, string> = {
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
  link_domain_unavailable: 'domain',
  ...SETTINGS_FIELD_OF_CODE,
};

const toFields = (link: ShortLink): EditFields => ({ url: link.url, code: link.code, domain: link.domain ?? '', ...settingsDefaults(link) });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed, so an edit never touches what the owner left alone. */
function changesOf(fields: EditFields, link: ShortLink): LinkUpdate {
  const settings = settingsOf(fields, link);
  const changes: LinkUpdate = {};
  if (fields.url.trim() !== link.url) changes.url = fields.url.trim();
  if (fields.code.trim() !== link.code) changes.code = fields.code.trim();
  if (fields.domain !== (link.domain ?? '')) changes.domain = fields.domain || null;
  if (settings.password !== undefined && !(settings.password === null && !link.hasPassword)) changes.password = settings.password;
  const sameTime = settings.expiresAt && link.expiresAt && Date.parse(settings.expiresAt) === Date.parse(link.expiresAt);
  if (settings.expiresAt !== link.expiresAt && !sameTime) changes.expiresAt = settings.expiresAt;
  if (settings.maxClicks !== link.maxClicks) changes.maxClicks = settings.maxClicks;
  if (settings.expiredUrl !== link.expiredUrl) changes.expiredUrl = settings.expiredUrl;
  if (settings.iosUrl !== link.iosUrl) changes.iosUrl = settings.iosUrl;
  if (settings.androidUrl !== link.androidUrl) changes.androidUrl = settings.androidUrl;
  if (!same(settings.countryUrls, link.countryUrls)) changes.countryUrls = settings.countryUrls;
  if (!same(settings.utm, link.utm)) changes.utm = settings.utm;
  if (!same(settings.tags, link.tags.map((tag) => tag.name))) changes.tags = settings.tags;
  if (settings.previewTitle !== link.previewTitle) changes.previewTitle = settings.previewTitle;
  if (settings.previewDescription !== link.previewDescription) changes.previewDescription = settings.previewDescription;
  if (settings.previewImageUrl !== link.previewImageUrl) changes.previewImageUrl = settings.previewImageUrl;
  return changes;
}

/** Edit a link in a dialog: destination, code, password, expiry, targeting, UTM and tags; its clicks and analytics stay. */
export function EditLinkDialog({ link, onSaved }: { link: ShortLink; onSaved?: (saved: ShortLink) => void }) {
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
        {open ? (
          <EditLinkForm
            link={link}
            updateLink={updateLink}
            onSaved={(saved) => {
              setOpen(false);
              onSaved?.(saved);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditLinkForm({ link, updateLink, onSaved }: { link: ShortLink; updateLink: ReturnType<typeof useUpdateLink>; onSaved: (saved: ShortLink) => void }) {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const ids = { url: `${id}-url`, code: `${id}-code`, domain: `${id}-domain` };
  const { data: site } = useSite();
  // The account's verified links domains, and the link's own (it may no longer be verified).
  const verified = useLinkDomains();
  const domains = link.domain && !verified.includes(link.domain) ? [link.domain, ...verified] : verified;
  const pending = updateLink.isPending;
  const form = useForm<EditFields>({ reValidateMode: 'onChange', defaultValues: toFields(link) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const error = (name: 'url' | 'code' | 'domain') => errors[name]?.message;

  const onSubmit = async (fields: EditFields) => {
    const changes = changesOf(fields, link);
    try {
      const saved = Object.keys(changes).length > 0 ? await updateLink.mutateAsync({ code: link.code, domain: link.domain, changes }) : link;
      showToast({ title: t('edit.doneTitle'), description: t('edit.done', { code: saved.code }), variant: 'success' });
      onSaved(saved);
    } catch (failure) {
      const message = localizeError(failure, 'links', t('links:common.unexpected'));
      const field = failure instanceof ApiError ? FIELD_OF_CODE[failure.code] : undefined;
      setError((field ?? 'root') as 'root', { message }, { shouldFocus: true });
    }
  };
  const onInvalid = (found: FieldErrors<EditFields>) => {
    const first = firstMessage(found);
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
                const domain = form.getValues('domain');
                const problem = code.trim() === link.code && domain === (link.domain ?? '') ? undefined : checkCustomCode(code.trim(), domain !== '');
                return problem === undefined || localizeCoded(problem, 'links');
              },
            })}
            {...fieldAria(ids.code, error('code'))}
          />
        </FormField>
        {domains.length > 0 ? (
          <FormField id={ids.domain} label={t('links:domain.label')} error={error('domain')} hint={t('links:domain.hint')}>
            <select id={ids.domain} className={selectClass} {...register('domain', { deps: ['code'] })} {...fieldAria(ids.domain, error('domain'))}>
              <DomainOptions domains={domains} publicUrl={site?.publicUrl} />
            </select>
          </FormField>
        ) : null}

        <LinkSettingsSections form={form as unknown as UseFormReturn<SettingsFields>} link={link} />

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
