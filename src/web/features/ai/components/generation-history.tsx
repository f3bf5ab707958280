import { History, RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useGenerations } from '../api/get-generations.ts';
import { CopyTextButton } from './copy-text-button.tsx';
import { DeleteGenerationDialog } from './delete-generation-dialog.tsx';

const excerpt = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "My generations": earlier prompts and answers, each with Copy and Delete. */
export function GenerationHistory() {
  const { data, isPending, isError, error, refetch, isFetching } = useGenerations();
  const items = data?.items ?? [];

  return (
    <section aria-labelledby="generations-title" className="lg:sticky lg:top-24">
      <Card>
        <CardHeader className="pb-4">
          <CardTitle id="generations-title" className="flex items-center gap-2">
            <History aria-hidden="true" className="size-5 text-brand-soft" /> My generations
          </CardTitle>
          <CardDescription>{data ? (items.length === 1 ? '1 saved generation' : `${items.length} saved generations`) : 'Your earlier answers.'}</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-4">
          {isPending ? (
            <LoadingState label="Loading your generations…" className="py-10" />
          ) : isError ? (
            <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-500/40 bg-red-950/30 p-4 text-sm">
              <p>Could not load your generations: {errorMessage(error)}</p>
              <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
                <RotateCw aria-hidden="true" /> Try again
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
              No generations yet. Your answers will be kept here.
            </p>
          ) : (
            <ul className="grid max-h-[70vh] gap-3 overflow-y-auto pr-1" aria-label="Saved generations">
              {items.map((item) => {
                const short = excerpt(item.prompt);
                return (
                  <li key={item.id} className="rounded-lg border border-border bg-muted/30 p-3">
                    <p className="text-sm font-medium break-words">{short}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
                      {item.status === 'stopped' ? (
                        <span className="rounded-full border border-amber-500/40 bg-amber-950/40 px-2 py-0.5 font-medium text-amber-200">Stopped</span>
                      ) : null}
                    </div>
                    <details className="group mt-2">
                      <summary className="cursor-pointer rounded text-xs font-medium text-brand-soft hover:underline">Show response</summary>
                      <p className="mt-2 max-h-60 overflow-y-auto rounded-md bg-background/60 p-2 text-sm whitespace-pre-wrap break-words">{item.response}</p>
                    </details>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <CopyTextButton text={item.response} label={`Copy response to: ${short}`} variant="ghost" />
                      <DeleteGenerationDialog id={item.id} excerpt={short} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
