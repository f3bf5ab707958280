import { LoadingState } from '#web/components/ui/spinner.tsx';

/** Shown while the first page's code loads. */
export function FullPageLoader() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <LoadingState label="Loading…" />
    </main>
  );
}
