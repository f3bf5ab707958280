import { Construction } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { useBrand } from '#web/lib/site.ts';
import { CONSTRUCTION_NOTICE_KEY, hasSeenNotice, pressedSince } from '../utils/construction-notice-seen.ts';

const OPEN_DELAY_MS = 400;

function rememberNotice() {
  try {
    window.localStorage.setItem(CONSTRUCTION_NOTICE_KEY, '1');
  } catch {
    // storage unavailable: the notice may show again on the next visit
  }
}

/**
 * The under-construction notice: shown on the first visit to the home page only, and only if the
 * visitor has not started using the page (`pageShownAt` on): then it waits for their next visit.
 */
export function ConstructionNotice({ pageShownAt }: { pageShownAt: number }) {
  const brand = useBrand();
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  // Opened once the page has loaded and painted, so the modal (focus trap, scroll lock) never
  // delays the first screen.
  useEffect(() => {
    if (hasSeenNotice()) return;
    let timer: number | undefined;
    const show = () => {
      timer = window.setTimeout(() => {
        if (!pressedSince(pageShownAt)) setOpen(true);
      }, OPEN_DELAY_MS);
    };
    if (document.readyState === 'complete') show();
    else window.addEventListener('load', show, { once: true });
    return () => {
      window.removeEventListener('load', show);
      window.clearTimeout(timer);
    };
  }, [pageShownAt]);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) rememberNotice();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md text-center sm:p-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-300">
          <Construction aria-hidden="true" className="size-7" />
        </span>
        <DialogTitle className="text-xl">{t('construction.title')}</DialogTitle>
        <DialogDescription className="text-base">
          {t('construction.text', { brand })}
        </DialogDescription>
        <DialogClose asChild>
          <Button size="lg" className="mt-2 w-full">
            {t('construction.ok')}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
