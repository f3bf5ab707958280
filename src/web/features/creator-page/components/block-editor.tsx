import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS, type CreatorPageBlock } from '#shared/creator-page.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { selectClass } from '#web/components/ui/select.ts';

export interface OwnProduct {
  id: string;
  name: string;
}

/** One block's fields, with Move up, Move down and Remove; `clicks` and `sales` from the page's stats. */
export function BlockEditor({
  block,
  index,
  count,
  products,
  clicks,
  sales,
  onChange,
  onMove,
  onRemove,
}: {
  block: CreatorPageBlock;
  index: number;
  count: number;
  products: OwnProduct[];
  clicks: number | undefined;
  /** Sales that followed a click on this block (products blocks). */
  sales?: number | undefined;
  onChange: (block: CreatorPageBlock) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('creator-page');
  const id = `block-${block.id}`;
  const typeName = t(`blocks.${block.type}`);

  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {index + 1}. {typeName}
          {clicks !== undefined ? <span className="ml-2 text-sm font-normal text-muted-foreground">{t('editor.clicks', { count: clicks })}</span> : null}
          {sales !== undefined ? <span className="ml-2 text-sm font-normal text-muted-foreground">{t('editor.sales', { count: sales })}</span> : null}
        </h3>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="icon" className="size-9" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('editor.moveUp', { block: `${index + 1}. ${typeName}` })}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-9" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('editor.moveDown', { block: `${index + 1}. ${typeName}` })}>
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-9 text-red-300" onClick={onRemove} aria-label={t('editor.remove', { block: `${index + 1}. ${typeName}` })}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {block.type === 'link' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`${id}-title`} label={t('fields.title')}>
            <Input id={`${id}-title`} value={block.title} maxLength={80} onChange={(event) => onChange({ ...block, title: event.target.value })} />
          </FormField>
          <FormField id={`${id}-url`} label={t('fields.url')}>
            <Input id={`${id}-url`} type="url" inputMode="url" placeholder="https://" value={block.url} onChange={(event) => onChange({ ...block, url: event.target.value })} />
          </FormField>
        </div>
      ) : null}
      {block.type === 'products' ? (
        products.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('fields.noProducts')}</p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('fields.products')}</legend>
            {products.map((product) => (
              <label key={product.id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={block.productIds.includes(product.id)}
                  onChange={(event) =>
                    onChange({ ...block, productIds: event.target.checked ? [...block.productIds, product.id] : block.productIds.filter((chosen) => chosen !== product.id) })
                  }
                />
                {product.name}
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {block.type === 'posts' ? (
        <FormField id={`${id}-count`} label={t('fields.postCount')} className="max-w-48">
          <Input id={`${id}-count`} type="number" min={1} max={10} value={block.count} onChange={(event) => onChange({ ...block, count: Math.min(10, Math.max(1, Number(event.target.value) || 1)) })} />
        </FormField>
      ) : null}
      {block.type === 'social' ? (
        <div className="grid gap-3">
          {block.links.map((link, linkIndex) => (
            <div key={linkIndex} className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
              <FormField id={`${id}-network-${linkIndex}`} label={t('fields.network')}>
                <select
                  id={`${id}-network-${linkIndex}`}
                  className={selectClass}
                  value={link.network}
                  onChange={(event) => onChange({ ...block, links: block.links.map((item, at) => (at === linkIndex ? { ...item, network: event.target.value as typeof link.network } : item)) })}
                >
                  {SOCIAL_NETWORKS.map((network) => (
                    <option key={network} value={network}>
                      {t(`networks.${network}`)}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField id={`${id}-social-${linkIndex}`} label={t('fields.profileUrl')}>
                <Input
                  id={`${id}-social-${linkIndex}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={link.url}
                  onChange={(event) => onChange({ ...block, links: block.links.map((item, at) => (at === linkIndex ? { ...item, url: event.target.value } : item)) })}
                />
              </FormField>
              <Button type="button" variant="ghost" size="sm" disabled={block.links.length === 1} onClick={() => onChange({ ...block, links: block.links.filter((_, at) => at !== linkIndex) })}>
                {t('fields.removeSocial')}
              </Button>
            </div>
          ))}
          <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={block.links.length >= 10} onClick={() => onChange({ ...block, links: [...block.links, { network: 'website', url: '' }] })}>
            {t('fields.addSocial')}
          </Button>
        </div>
      ) : null}
      {block.type === 'follow' ? <p className="text-sm text-muted-foreground">{t('fields.followHint')}</p> : null}
      {block.type === 'video' ? (
        <FormField id={`${id}-video`} label={t('fields.videoUrl')} hint={t('fields.videoHint')}>
          <Input id={`${id}-video`} type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" value={block.url} onChange={(event) => onChange({ ...block, url: event.target.value })} />
        </FormField>
      ) : null}
    </li>
  );
}
