import { Download, Link2, Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { embedSnippet } from '#shared/embed.ts';
import { productPath } from '#shared/products.ts';
import { CopyButton, type CopyTexts } from '#web/components/copy-button.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { downloadUrl, saveFile } from '#web/lib/download.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useProductShortLink } from '../api/product-short-link.ts';
import type { OwnProduct } from '../api/types.ts';

interface QrImages {
  svg: string;
  png: string;
}

/** The QR code of `text` as SVG (shown, downloadable) and a 1024 px PNG; the library loads with the dialog. */
async function drawQr(text: string): Promise<QrImages> {
  const QRCode = await import('qrcode');
  const options = { errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;
  const [svg, png] = await Promise.all([QRCode.toString(text, { ...options, type: 'svg' }), QRCode.toDataURL(text, { ...options, width: 1024 })]);
  return { svg, png };
}

function useQr(text: string) {
  const [state, setState] = useState<{ text: string; images?: QrImages; failed?: unknown }>({ text });
  useEffect(() => {
    let active = true;
    drawQr(text).then(
      (images) => active && setState({ text, images }),
      (failed: unknown) => active && setState({ text, failed }),
    );
    return () => {
      active = false;
    };
  }, [text]);
  return state.text === text ? state : { text };
}

/** A read-only field with its Copy button. */
function CopyField({ id, label, value, texts, multiline = false }: { id: string; label: string; value: string; texts: CopyTexts; multiline?: boolean }) {
  const { t } = useTranslation('products');
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className={multiline ? 'grid gap-2' : 'flex gap-2'}>
        {multiline ? (
          <Textarea id={id} readOnly value={value} rows={3} onFocus={select} className="font-mono text-xs" />
        ) : (
          <Input id={id} readOnly value={value} onFocus={select} className="min-w-0 flex-1 font-mono text-sm" />
        )}
        <CopyButton text={value} texts={texts} label={t('share.copyLabel', { what: label })} className={multiline ? 'w-fit' : 'shrink-0'} />
      </div>
    </div>
  );
}

function ShareBody({ product }: { product: OwnProduct }) {
  const { t } = useTranslation('products');
  const id = useId();
  const origin = window.location.origin;
  const link = `${origin}${productPath(product)}`;
  const shortLink = useProductShortLink();
  const qr = useQr(link);
  const copyTexts: CopyTexts = {
    // The text stays "Copy" (the check mark and the toast say it is done), so the accessible name keeps the visible word.
    copy: t('share.copy'),
    done: () => ({ title: t('share.copiedTitle') }),
    failed: () => ({ title: t('common.error'), description: t('share.copyFailed') }),
  };
  const snippet = embedSnippet(origin, productPath(product), t('share.embedButton'));

  return (
    <div className="grid gap-5">
      {product.published ? null : <Notice>{t('share.draftNotice')}</Notice>}
      <CopyField id={`${id}-link`} label={t('share.link')} value={link} texts={copyTexts} />

      <section aria-labelledby={`${id}-short`} className="grid gap-2">
        <h3 id={`${id}-short`} className="text-sm font-medium">
          {t('share.shortLink')}
        </h3>
        {shortLink.data ? (
          <CopyField id={`${id}-short-link`} label={t('share.shortLinkField')} value={shortLink.data.shortUrl} texts={copyTexts} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t('share.shortLinkHint')}</p>
            <Button variant="outline" className="w-fit" onClick={() => shortLink.mutate(product.id)} disabled={shortLink.isPending}>
              {shortLink.isPending ? <Spinner /> : <Link2 aria-hidden="true" />} {shortLink.isPending ? t('share.makingShortLink') : t('share.makeShortLink')}
            </Button>
          </>
        )}
        {shortLink.isError ? (
          <Notice variant="error">{t('share.shortLinkFailed', { reason: localizeError(shortLink.error, 'products', t('common.unexpected')) })}</Notice>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-qr`} className="grid gap-2">
        <h3 id={`${id}-qr`} className="text-sm font-medium">
          {t('share.qr')}
        </h3>
        {qr.failed ? <Notice variant="error">{t('share.qrFailed')}</Notice> : null}
        {qr.images ? (
          <div
            role="img"
            aria-label={t('share.qrLabel', { link })}
            data-testid="share-qr"
            className="w-40 overflow-hidden rounded-xl border border-border [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            // Drawn by the qrcode library from the product's own address.
            dangerouslySetInnerHTML={{ __html: qr.images.svg }}
          />
        ) : qr.failed ? null : (
          <LoadingState label={t('share.qrDrawing')} className="py-6" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={!qr.images} onClick={() => qr.images && downloadUrl(qr.images.png, `${product.slug}-qr.png`)}>
            <Download aria-hidden="true" /> {t('share.downloadPng')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!qr.images}
            onClick={() => qr.images && saveFile(new Blob([qr.images.svg], { type: 'image/svg+xml' }), `${product.slug}-qr.svg`)}
          >
            <Download aria-hidden="true" /> {t('share.downloadSvg')}
          </Button>
        </div>
      </section>

      <div className="grid gap-1">
        <CopyField id={`${id}-embed`} label={t('share.embed')} value={snippet} texts={copyTexts} multiline />
        <p className="text-xs text-muted-foreground">{t('share.embedHint')}</p>
      </div>
    </div>
  );
}

/** The Share panel of a product in the creator's list: its link, a short link made on demand, a QR code and the embed snippet. */
export function ShareProductDialog({ product, compact = false }: { product: OwnProduct; compact?: boolean }) {
  const { t } = useTranslation('products');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('share.triggerLabel', { name: product.name })} title={compact ? t('share.trigger') : undefined}>
          <Share2 aria-hidden="true" />
          <span aria-hidden="true" className={compact ? 'hidden 2xl:inline' : undefined}>
            {t('share.trigger')}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <DialogTitle className="pr-8 break-words">{t('share.title', { name: product.name })}</DialogTitle>
        <DialogDescription>{t('share.description')}</DialogDescription>
        <ShareBody product={product} />
      </DialogContent>
    </Dialog>
  );
}
