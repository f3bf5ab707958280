import { Download, ImagePlus, QrCode, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { downloadUrl, saveFile } from '#web/lib/download.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { Notice } from '#web/components/notice.tsx';

interface QrImages {
  svg: string;
  png: string;
}

export interface QrStyle {
  /** #rrggbb */
  foreground: string;
  background: string;
  /** A data: URL of the logo shown in the centre, if any (read in the browser, never uploaded). */
  logo: string | null;
}

const DEFAULT_STYLE: QrStyle = { foreground: '#000000', background: '#ffffff', logo: null };
const PNG_SIZE = 1024;
/** The logo's share of the code's width; level H correction still reads a code with this much hidden. */
const LOGO_SHARE = 0.22;
const LOGO_MAX_BYTES = 512 * 1024;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

async function renderQr(text: string, style: QrStyle): Promise<QrImages> {
  const QRCode = await import('qrcode');
  const options = {
    // A logo hides part of the code: the highest error correction still reads it.
    errorCorrectionLevel: style.logo ? 'H' : 'M',
    margin: 2,
    color: { dark: style.foreground, light: style.background },
  } as const;
  const [rawSvg, rawPng] = await Promise.all([QRCode.toString(text, { ...options, type: 'svg' }), QRCode.toDataURL(text, { ...options, width: PNG_SIZE })]);
  if (!style.logo) return { svg: rawSvg, png: rawPng };

  // The logo on a plate of the background colour, in the centre of the SVG and of the PNG.
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(rawSvg)?.[1] ?? 0);
  const logoSize = size * LOGO_SHARE;
  const plate = logoSize * 1.15;
  const svg = rawSvg.replace(
    '</svg>',
    `<rect x="${(size - plate) / 2}" y="${(size - plate) / 2}" width="${plate}" height="${plate}" rx="${plate / 8}" fill="${style.background}"/>` +
      `<image x="${(size - logoSize) / 2}" y="${(size - logoSize) / 2}" width="${logoSize}" height="${logoSize}" preserveAspectRatio="xMidYMid meet" href="${escapeAttribute(style.logo)}"/></svg>`,
  );
  const canvas = document.createElement('canvas');
  canvas.width = PNG_SIZE;
  canvas.height = PNG_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return { svg, png: rawPng };
  const [code, logo] = await Promise.all([loadImage(rawPng), loadImage(style.logo)]);
  context.drawImage(code, 0, 0, PNG_SIZE, PNG_SIZE);
  const platePx = PNG_SIZE * LOGO_SHARE * 1.15;
  context.fillStyle = style.background;
  context.beginPath();
  context.roundRect((PNG_SIZE - platePx) / 2, (PNG_SIZE - platePx) / 2, platePx, platePx, platePx / 8);
  context.fill();
  const box = PNG_SIZE * LOGO_SHARE;
  const scale = Math.min(box / logo.naturalWidth, box / logo.naturalHeight) || 1;
  const [width, height] = [logo.naturalWidth * scale, logo.naturalHeight * scale];
  context.drawImage(logo, (PNG_SIZE - width) / 2, (PNG_SIZE - height) / 2, width, height);
  return { svg, png: canvas.toDataURL('image/png') };
}

function QrCodeBody({ text, code }: { text: string; code: string }) {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const [style, setStyle] = useState<QrStyle>(DEFAULT_STYLE);
  const [images, setImages] = useState<QrImages | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    renderQr(text, style).then(
      (result) => {
        if (!active) return;
        setImages(result);
        setFailure(null);
      },
      (error: unknown) => active && setFailure(localizeError(error, 'links', t('qr.failed'))),
    );
    return () => {
      active = false;
    };
  }, [text, style, t]);

  const lowContrast = contrastRatio(style.foreground, style.background) < 4;
  const pickLogo = (file: File | undefined) => {
    setLogoProblem(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'].includes(file.type)) return setLogoProblem(t('qr.logoType'));
    if (file.size > LOGO_MAX_BYTES) return setLogoProblem(t('qr.logoTooBig'));
    const reader = new FileReader();
    reader.onload = () => setStyle((current) => ({ ...current, logo: String(reader.result) }));
    reader.readAsDataURL(file);
  };

  const downloadSvg = () => {
    if (!images) return;
    saveFile(new Blob([images.svg], { type: 'image/svg+xml' }), `zerrilink-${code}.svg`);
  };
  return (
    <div className="grid gap-4">
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      {!images ? (
        <LoadingState label={t('qr.drawing')} className="py-10" />
      ) : (
        <div
          role="img"
          aria-label={t('qr.imageLabel', { text })}
          data-testid="qr-code"
          className="mx-auto w-full max-w-56 overflow-hidden rounded-xl border border-border [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          // The SVG is drawn here by the qrcode library from our own short URL (and the owner's own logo file).
          dangerouslySetInnerHTML={{ __html: images.svg }}
        />
      )}
      <p className="text-center font-mono text-sm break-all text-muted-foreground">{text}</p>
      <fieldset className="grid gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-medium">{t('qr.styleTitle')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-fg`}>{t('qr.foreground')}</Label>
            <input
              id={`${id}-fg`}
              type="color"
              value={style.foreground}
              onChange={(event) => setStyle({ ...style, foreground: event.target.value })}
              className="h-10 w-full cursor-pointer rounded-lg border border-input bg-muted/60 p-1"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-bg`}>{t('qr.background')}</Label>
            <input
              id={`${id}-bg`}
              type="color"
              value={style.background}
              onChange={(event) => setStyle({ ...style, background: event.target.value })}
              className="h-10 w-full cursor-pointer rounded-lg border border-input bg-muted/60 p-1"
            />
          </div>
        </div>
        {lowContrast ? (
          <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
            {t('qr.lowContrast')}
          </p>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-logo`}>{t('qr.logo')}</Label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-logo`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              aria-describedby={`${id}-logo-hint`}
              onChange={(event) => pickLogo(event.target.files?.[0])}
              className="min-w-0 flex-1 text-sm file:mr-2 file:cursor-pointer file:border-0 file:bg-transparent file:font-medium"
            />
            {style.logo ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setStyle({ ...style, logo: null })} aria-label={t('qr.logoRemove')}>
                <X aria-hidden="true" />
              </Button>
            ) : (
              <ImagePlus aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            )}
          </div>
          <p id={`${id}-logo-hint`} className="text-xs text-muted-foreground">
            {logoProblem ?? t('qr.logoHint')}
          </p>
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" onClick={downloadSvg} disabled={!images}>
          <Download aria-hidden="true" /> {t('qr.downloadSvg')}
        </Button>
        <Button variant="outline" onClick={() => images && downloadUrl(images.png, `zerrilink-${code}.png`)} disabled={!images}>
          <Download aria-hidden="true" /> {t('qr.downloadPng')}
        </Button>
      </div>
    </div>
  );
}

/** A QR code of a short link in the owner's colours, with an optional centre logo; SVG and PNG downloads. */
export function QrCodeDialog({ text, code }: { text: string; code: string }) {
  const { t } = useTranslation('links-pages');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('qr.triggerLabel', { code })}>
          <QrCode aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{t('qr.trigger')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] max-w-sm overflow-y-auto">
        <DialogTitle>{t('qr.title')}</DialogTitle>
        <DialogDescription>{t('qr.description')}</DialogDescription>
        <QrCodeBody text={text} code={code} />
      </DialogContent>
    </Dialog>
  );
}
