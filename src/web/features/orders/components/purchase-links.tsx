import { Download, Library, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useInEmbed } from '#web/lib/embed-frame.ts';

/** A purchase's Download button (the library's and the receipt's): the file under its signed link, named for screen readers. */
export function PurchaseDownloadButton({ url, fileName, productName }: { url: string; fileName: string | null; productName: string }) {
  const { t } = useTranslation('orders');
  return (
    <Button asChild size="sm">
      <a href={url} download={fileName ?? true}>
        <Download aria-hidden="true" /> {t('library.download')}
        <span className="sr-only"> {productName}</span>
      </a>
    </Button>
  );
}

/** Where a buyer goes after a purchase: their library (`primary` on the thank-you panel) and the store. */
export function AfterPurchaseLinks({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('orders');
  // In the embed's frame they open in a new tab: only the embed's own pages may be framed.
  const away = useInEmbed() ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild variant={primary ? 'default' : 'outline'}>
        <Link to="/library" {...away}>
          <Library aria-hidden="true" /> {t('checkout.goToLibrary')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/store" {...away}>
          <Store aria-hidden="true" /> {t('checkout.continueShopping')}
        </Link>
      </Button>
    </div>
  );
}
