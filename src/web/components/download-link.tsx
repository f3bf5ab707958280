import type { ComponentProps, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { storeDownload } from '#web/lib/download.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';

/**
 * A link that downloads a file from the API. For a team member working on another store it fetches
 * the file with that store named (lib/download.ts), since a plain link would bring their own;
 * otherwise it is the browser's own download. A failure is a toast in `namespace`'s words.
 */
export function DownloadLink({ href, namespace, onClick, ...props }: ComponentProps<'a'> & { href: string; namespace: string }) {
  const { t } = useTranslation('common');
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const save = storeDownload(href);
    if (!save || event.defaultPrevented) return;
    event.preventDefault();
    save().catch((error: unknown) => showToast({ title: t('errors.requestFailed'), description: localizeError(error, namespace), variant: 'error' }));
  };
  return <a href={href} download onClick={click} {...props} />;
}
