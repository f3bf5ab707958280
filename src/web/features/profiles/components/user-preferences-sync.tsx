import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Profile } from '#shared/profiles.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { changeLanguage, i18n, isLanguage } from '#web/lib/i18n.ts';
import { applyTheme, currentTheme } from '#web/lib/theme.ts';
import { PROFILE_QUERY_KEY, profileQueryOptions } from '#web/lib/profile.ts';
import { updateProfile } from '../api/update-profile.ts';

/** Users whose saved language and theme this page has applied (once per sign-in, not on every refetch). */
const applied = new Set<string>();

/**
 * A signed-in user's saved language and theme (Settings) are applied when they sign in or open
 * the app; a new account instead keeps (and saves) the ones chosen on this device. A language
 * picked elsewhere (the header's switcher) is saved to their settings too.
 */
export function UserPreferencesSync() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: profile } = useQuery({ ...profileQueryOptions(), enabled: Boolean(user) });

  useEffect(() => {
    if (!user || !profile || profile.id !== user.id || applied.has(profile.id)) return;
    applied.add(profile.id);
    if (profile.preferencesChosen) {
      applyTheme(profile.preferences.theme);
      void changeLanguage(profile.preferences.language);
      return;
    }
    // A new account: what the visitor picked on this device becomes its settings.
    const language = isLanguage(i18n.language) ? i18n.language : profile.preferences.language;
    updateProfile({ preferences: { language, theme: currentTheme() } }).then(
      (next) => queryClient.setQueryData(PROFILE_QUERY_KEY, next),
      () => {
        // Not saved: the device's choice still holds here, and the next sign-in tries again.
      },
    );
  }, [user, profile, queryClient]);

  useEffect(() => {
    const onLanguageChanged = (language: string) => {
      const saved = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY);
      if (!saved || !applied.has(saved.id) || !isLanguage(language) || saved.preferences.language === language) return;
      updateProfile({ preferences: { ...saved.preferences, language } }).then(
        (next) => queryClient.setQueryData(PROFILE_QUERY_KEY, next),
        () => {
          // Not saved (offline, signed out meanwhile): the choice still holds on this device.
        },
      );
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [queryClient]);

  return null;
}
