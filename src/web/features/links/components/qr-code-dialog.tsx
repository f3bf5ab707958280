import { Download, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { Notice } from '#web/components/notice.tsx';

interface QrImages {
  svg: string;
  png: string;
}

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

async function renderQr(text: string): Promise<QrImages> {
  const QRCode = await import('qrcode');
  const [svg, png] = await Promise.all([
    QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' }),
    QRCode.toDataURL(text, { ...QR_OPTIONS, width: 1024 }),
  ]);
  return { svg, png };
}

function download(href: string, filename: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

function QrCodeBody({ text, code }: { text: string; code: string }) {
  const { t } = useTranslation('links-pages');
  const [images, setImages] = useState<QrImages | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    renderQr(text).then(
      (result) => active && setImages(result),
      (error: unknown) => active && setFailure(localizeError(error, 'links', t('qr.failed'))),
    );
    return () => {
      active = false;
    };
  }, [text, t]);

  if (failure) return <Notice variant="error">{failure}</Notice>;
  if (!images) return <LoadingState label={t('qr.drawing')} className="py-10" />;

  const downloadSvg = () => {
    const url = URL.createObjectURL(new Blob([images.svg], { type: 'image/svg+xml' }));
    download(url, `zerrilink-${code}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="grid gap-4">
      <div
        role="img"
        aria-label={t('qr.imageLabel', { text })}
        data-testid="qr-code"
        className="mx-auto w-full max-w-64 overflow-hidden rounded-xl bg-white p-2 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
        // The SVG is drawn here by the qrcode library from our own short URL.
        dangerouslySetInnerHTML={{ __html: images.svg }}
      />
      <p className="text-center font-mono text-sm break-all text-muted-foreground">{text}</p>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" onClick={downloadSvg}>
          <Download aria-hidden="true" /> {t('qr.downloadSvg')}
        </Button>
        <Button variant="outline" onClick={() => download(images.png, `zerrilink-${code}.png`)}>
          <Download aria-hidden="true" /> {t('qr.downloadPng')}
        </Button>
      </div>
    </div>
  );
}

/** A QR code of a short link, with SVG and PNG downloads. */
export function QrCodeDialog({ text, code }: { text: string; code: string }) {
  const { t } = useTranslation('links-pages');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('qr.triggerLabel', { code })}>
          <QrCode aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{t('qr.trigger')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogTitle>{t('qr.title')}</DialogTitle>
        <DialogDescription>{t('qr.description')}</DialogDescription>
        <QrCodeBody text={text} code={code} />
      </DialogContent>
    </Dialog>
  );
}
