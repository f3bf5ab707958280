import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '#web/lib/theme.ts';
import { markToasterMounted, registerToasterHost } from '#web/lib/toast.ts';

const LazyToaster = lazy(async () => {
  const { Toaster } = await import('sonner');
  function ConfiguredToaster() {
    const { t } = useTranslation();
    const theme = useTheme();
    // Child effects run first: by now the Toaster listens, so queued toasts can be shown.
    useEffect(() => markToasterMounted(), []);
    return (
      <Toaster
        theme={theme}
        position="bottom-right"
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        containerAriaLabel={t('toasts.region')}
        toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' }, closeButtonAriaLabel: t('toasts.close') }}
      />
    );
  }
  return { default: ConfiguredToaster };
});

/** Mounts the Toaster the first time something shows a toast. */
export function ToasterHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => registerToasterHost(() => setMounted(true)), []);
  return mounted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
