import { ExternalLink, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codedMessage } from '#shared/messages.ts';
import { BLOCK_TYPES, CREATOR_PAGE_LIMITS, CREATOR_PAGE_MESSAGES, CREATOR_PAGE_THEMES, creatorPageFormSchema, creatorPagePath, type BlockType, type CreatorPageBlock, type CreatorPageSettings } from '#shared/creator-page.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { CheckboxSetting } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { cn } from '#web/lib/utils.ts';
import { previewCreatorPage, useCreatorPage, useCreatorPageStats, useMyProducts, useSaveCreatorPage } from '../api/creator-page.ts';
import { BlockEditor } from '../components/block-editor.tsx';

const SWATCHES: Record<(typeof CREATOR_PAGE_THEMES)[number], string> = { midnight: '#0b0b12', paper: '#f7f7fa', sunset: '#1d0f1a', mint: '#eefaf5' };

function newBlock(type: BlockType): CreatorPageBlock {
  const id = `b${Math.random().toString(36).slice(2, 10)}`;
  switch (type) {
    case 'link':
      return { id, type, title: '', url: '' };
    case 'products':
      return { id, type, productIds: [] };
    case 'posts':
      return { id, type, count: 3 };
    case 'social':
      return { id, type, links: [{ network: 'instagram', url: '' }] };
    case 'video':
      return { id, type, url: '' };
    case 'follow':
      return { id, type };
  }
}

/** /dashboard/creator-page: the blocks of my page at /@slug, its theme and accent, with a live preview. */
export function CreatorPageEditorPage() {
  const { t } = useTranslation('creator-page');
  usePageTitle(t('page.title'));
  const page = useCreatorPage();
  const stats = useCreatorPageStats();
  const products = useMyProducts();
  const save = useSaveCreatorPage();
  const [edited, setDraft] = useState<CreatorPageSettings>();
  // What the form shows: the saved page until the first change.
  const draft = edited ?? (page.data && { theme: page.data.theme, accent: page.data.accent, blocks: page.data.blocks, onDomain: page.data.onDomain });
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const id = useId();

  // The preview follows the draft once typing pauses; a draft the server would refuse keeps the last one.
  const settled = useDebouncedValue(draft, 400);
  useEffect(() => {
    if (!settled || !creatorPageFormSchema.safeParse(settled).success) return;
    let current = true;
    void previewCreatorPage(settled)
      .then((answer) => current && setPreview(answer.html))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [settled]);

  const clicks = useMemo(() => new Map(stats.data?.clicks.map((row) => [row.blockId, row.clicks])), [stats.data]);
  const sales = useMemo(() => new Map(stats.data?.sales.map((row) => [row.blockId, row.sales])), [stats.data]);

  if (page.isPending) return <LoadingState label={t('page.loading')} />;
  if (page.isError) return <LoadFailedNotice title={t('page.loadFailed')} error={page.error} namespace="creator-page" onRetry={() => void page.refetch()} retrying={page.isFetching} />;
  if (!draft) return <LoadingState label={t('page.loading')} />;

  const update = (change: Partial<CreatorPageSettings>) => setDraft({ ...draft, ...change });
  const setBlock = (index: number, block: CreatorPageBlock) => update({ blocks: draft.blocks.map((item, at) => (at === index ? block : item)) });
  const moveBlock = (index: number, offset: -1 | 1) => {
    const blocks = [...draft.blocks];
    [blocks[index], blocks[index + offset]] = [blocks[index + offset]!, blocks[index]!];
    update({ blocks });
  };

  const submit = async () => {
    const parsed = creatorPageFormSchema.safeParse(draft);
    if (!parsed.success) {
      const coded = codedMessage(parsed.error.issues[0]?.message ?? '', CREATOR_PAGE_MESSAGES);
      setError(coded ? t(`errors.${coded.code}`) : t('editor.invalid'));
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync(parsed.data);
      setDraft({ theme: saved.theme, accent: saved.accent, blocks: saved.blocks, onDomain: saved.onDomain });
      showToast({ variant: 'success', title: t('editor.saved') });
    } catch (failure) {
      setError(localizeError(failure, 'creator-page', t('common.unexpected')));
    }
  };

  const path = creatorPagePath(page.data.slug);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
          <p className="text-muted-foreground">{t('page.intro')}</p>
        </div>
        <Button asChild variant="outline">
          <a href={path} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" /> {t('page.view', { path })}
          </a>
        </Button>
      </div>
      {stats.data ? (
        <p className="text-sm text-muted-foreground">
          {t('page.stats', { count: stats.data.views, days: stats.data.days })}{' '}
          {t('page.sales', {
            count: stats.data.sales.reduce((sum, row) => sum + row.sales, 0),
            revenue: formatMoney(stats.data.sales.reduce((sum, row) => sum + row.revenueCents, 0), stats.data.currency),
          })}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <form
          aria-label={t('editor.formLabel')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          className="grid content-start gap-6"
        >
          <Card>
            <CardHeader>
              <CardTitle>{t('editor.lookTitle')}</CardTitle>
              <CardDescription>{t('editor.lookDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-2">
                <p id={`${id}-theme`} className="text-sm font-medium">
                  {t('editor.theme')}
                </p>
                <div role="radiogroup" aria-labelledby={`${id}-theme`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {CREATOR_PAGE_THEMES.map((theme) => (
                    <Label key={theme} htmlFor={`${id}-${theme}`} className={cn('flex cursor-pointer items-center gap-2 rounded-lg border border-border p-2', draft.theme === theme && 'border-primary/70 bg-primary/10')}>
                      <input type="radio" id={`${id}-${theme}`} name={`${id}-theme`} checked={draft.theme === theme} onChange={() => update({ theme })} className="size-4 accent-violet-600" />
                      <span aria-hidden="true" className="size-5 rounded-full border border-border" style={{ background: SWATCHES[theme] }} />
                      {t(`themes.${theme}`)}
                    </Label>
                  ))}
                </div>
              </div>
              <div className="flex items-center gap-3">
                <Label htmlFor={`${id}-accent`}>{t('editor.accent')}</Label>
                <input id={`${id}-accent`} type="color" value={draft.accent} onChange={(event) => update({ accent: event.target.value })} className="h-10 w-16 cursor-pointer rounded border border-input bg-transparent" />
                <code className="text-sm">{draft.accent}</code>
              </div>
              <CheckboxSetting id={`${id}-domain`} label={t('editor.onDomain')} hint={t('editor.onDomainHint')} checked={draft.onDomain} onChange={(event) => update({ onDomain: event.target.checked })} />
            </CardContent>
          </Card>
          <section aria-labelledby={`${id}-blocks`} className="grid gap-3">
            <h2 id={`${id}-blocks`} className="text-xl font-semibold">
              {t('editor.blocksTitle')}
            </h2>
            {draft.blocks.length === 0 ? <p className="text-muted-foreground">{t('editor.empty')}</p> : null}
            <ol className="grid gap-3">
              {draft.blocks.map((block, index) => (
                <BlockEditor
                  key={block.id}
                  block={block}
                  index={index}
                  count={draft.blocks.length}
                  products={products.data?.items ?? []}
                  clicks={clicks.get(block.id)}
                  sales={block.type === 'products' && stats.data ? (sales.get(block.id) ?? 0) : undefined}
                  onChange={(changed) => setBlock(index, changed)}
                  onMove={(offset) => moveBlock(index, offset)}
                  onRemove={() => update({ blocks: draft.blocks.filter((_, at) => at !== index) })}
                />
              ))}
            </ol>
            <div className="flex flex-wrap gap-2">
              {BLOCK_TYPES.map((type) => (
                <Button key={type} type="button" variant="outline" size="sm" disabled={draft.blocks.length >= CREATOR_PAGE_LIMITS.blocks} onClick={() => update({ blocks: [...draft.blocks, newBlock(type)] })}>
                  <Plus aria-hidden="true" /> {t(`editor.add.${type}`)}
                </Button>
              ))}
            </div>
          </section>
          {error ? (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <SubmitButton pending={save.isPending} pendingLabel={t('editor.saving')}>
              {t('editor.save')}
            </SubmitButton>
          </div>
        </form>
        <aside aria-labelledby={`${id}-preview`} className="grid content-start gap-2 lg:sticky lg:top-20">
          <h2 id={`${id}-preview`} className="text-lg font-semibold">
            {t('editor.preview')}
          </h2>
          <iframe title={t('editor.previewFrame')} data-preview sandbox="" srcDoc={preview ?? ''} className="h-[36rem] w-full rounded-xl border border-border bg-white" />
        </aside>
      </div>
    </div>
  );
}
