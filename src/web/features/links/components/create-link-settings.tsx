import { useImperativeHandle, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import type { LinkCreate } from '#shared/links-api.ts';
import { firstMessage, LinkSettingsSections, SETTINGS_FIELD_OF_CODE, settingsDefaults, settingsOf, type SettingsFields } from './link-settings-fields.tsx';

/** What the create form asks of its settings (loaded only when the owner opens "More options"). */
export interface CreateSettingsHandle {
  /** The settings to send, or undefined with the first problem shown (and focused). */
  check(): Promise<{ settings: Omit<LinkCreate, 'url' | 'code'> } | { problem: string | undefined }>;
  /** Shows a server error on its field; false when it belongs to no setting. */
  showServerError(code: string, message: string): boolean;
  reset(): void;
}

/** The create form's settings: the same sections as the edit dialog, with their own form. */
export default function CreateLinkSettings({ handle }: { handle: Ref<CreateSettingsHandle> }) {
  const form = useForm<SettingsFields>({ reValidateMode: 'onChange', defaultValues: settingsDefaults() });
  useImperativeHandle(handle, () => ({
    async check() {
      if (!(await form.trigger(undefined, { shouldFocus: true }))) return { problem: firstMessage(form.formState.errors) };
      const { password, ...settings } = settingsOf(form.getValues());
      return { settings: { ...settings, password: password || null } };
    },
    showServerError(code, message) {
      const field = SETTINGS_FIELD_OF_CODE[code];
      if (!field) return false;
      form.setError(field as 'password', { message }, { shouldFocus: true });
      return true;
    },
    reset() {
      form.reset(settingsDefaults());
    },
  }));
  return <LinkSettingsSections form={form} />;
}
