import { Construction, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
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
 * A native modal <dialog> (focus moved in and kept there, the page behind inert and held still,
 * Escape closes), so no dialog library loads with the home page; styled as the app's dialogs.
 * `text`: the operator's words (Admin › Settings), else the spec's text in the visitor's language.
 */
export function ConstructionNotice({ pageShownAt, text }: { pageShownAt: number; text?: string | null }) {
  const brand = useBrand();
  const { t } = useTranslation('site');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  // Opened once the page has loaded and painted, so the modal never delays the first screen.
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
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  // Remembered at once: the dialog's close event comes a task later (Escape is remembered on cancel).
  const close = () => {
    rememberNotice();
    dialog.current?.close();
  };
  return open ? (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Closed by Okay, the X, Escape or a press on the backdrop (the dialog itself, outside its content).
      onCancel={rememberNotice}
      onClose={() => setOpen(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-popover p-0 text-popover-foreground shadow-2xl outline-none open:animate-fade-in backdrop:bg-black/70 backdrop:backdrop-blur-sm backdrop:animate-fade-in"
    >
      <div className="relative grid gap-4 p-6 text-center sm:p-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-300">
          <Construction aria-hidden="true" className="size-7" />
        </span>
        <h2 id={titleId} className="text-xl font-semibold">
          {t('construction.title')}
        </h2>
        <p id={textId} className="text-base whitespace-pre-line text-muted-foreground">
          {text ?? t('construction.text', { brand })}
        </p>
        <Button size="lg" className="mt-2 w-full" onClick={close}>
          {t('construction.ok')}
        </Button>
        <button
          type="button"
          aria-label={t('common:close')}
          onClick={close}
          className="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </dialog>
  ) : null;
}
