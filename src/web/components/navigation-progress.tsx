import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while a route (and its lazily loaded code) is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label={t('loadingPage')} className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
