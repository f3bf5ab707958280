import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatBytes, formatDateTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useUpdates } from '../api/audience.ts';

/** The library's Updates: the posts creators sent me, newest first. */
export function LibraryUpdates() {
  const { t } = useTranslation('audience');
  const updates = useUpdates(true);
  let body;
  if (updates.isPending) body = <LoadingState label={t('updates.loading')} />;
  else if (updates.isError) {
    body = (
      <Notice variant="error" title={t('updates.loadFailed')}>
        <p>{localizeError(updates.error, 'audience')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void updates.refetch()} disabled={updates.isFetching}>
          {t('common:tryAgain')}
        </Button>
      </Notice>
    );
  } else if (updates.data.items.length === 0) body = <p className="text-sm text-muted-foreground">{t('updates.empty')}</p>;
  else {
    body = (
      <ul className="grid gap-4">
        {updates.data.items.map((update) => (
          <li key={update.id}>
            <article aria-labelledby={`update-${update.id}`} className="grid gap-2 rounded-xl border border-border bg-card p-5">
              <p className="text-xs text-muted-foreground">{t('updates.from', { name: update.creatorName, date: formatDateTime(update.sentAt) })}</p>
              <h3 id={`update-${update.id}`} className="text-lg font-semibold break-words">
                {update.subject}
              </h3>
              {/* The server's HTML of the post's Markdown: every text escaped, only its own tags (modules/audience/markdown-html.ts). */}
              <div className="post-body grid gap-3 break-words" dangerouslySetInnerHTML={{ __html: update.html }} />
              {update.files.length > 0 ? (
                <ul aria-label={t('updates.files')} className="grid gap-2 border-t border-border pt-3">
                  {update.files.map((file) => (
                    <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <a href={file.url} download={file.name} className="inline-flex items-center gap-1 font-medium text-brand-soft underline-offset-2 hover:underline">
                        <Download aria-hidden="true" className="size-4" /> {t('updates.download', { name: file.name })}
                      </a>
                      <span className="text-xs text-muted-foreground">{t('updates.fileFor', { product: file.productName, size: formatBytes(file.size) })}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="library-updates" className="grid gap-4">
      <h2 id="library-updates" className="text-xl font-bold tracking-tight">
        {t('updates.title')}
      </h2>
      {body}
    </section>
  );
}
