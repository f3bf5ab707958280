import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useStoreCurrency } from '#web/lib/profile.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { useDashboardBase } from '#web/lib/dashboard-base.ts';

/** /dashboard/products/upload (SPEC §5 Upload product). */
export function UploadProductPage() {
  const { t } = useTranslation('products');
  usePageTitle(t('upload.title'));
  const base = useDashboardBase();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const createProduct = useCreateProduct();
  const currency = useStoreCurrency();

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <Link to={`${base}/products`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" /> {t('mine.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{t('upload.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('upload.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('upload.detailsTitle')}</CardTitle>
          <CardDescription>{t('upload.detailsText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProductForm
            mode="create"
            cancelHref={`${base}/products`}
            currency={currency}
            onSubmit={async (values, onProgress) => {
              if (user === null) {
                showToast({ title: t('upload.authErrorTitle'), description: t('errors.authRequired'), variant: 'error' });
                throw new Error(t('errors.authRequired'));
              }
              try {
                const product = await createProduct.mutateAsync({ values, onProgress });
                const description = product.published ? t('upload.done', { name: product.name }) : t('draft.saved', { name: product.name });
                showToast({ title: t('errors.uploaded'), description, variant: 'success' });
                void navigate(`${base}/products`);
              } catch (error) {
                if (isApiError(error, 401)) throw new Error(t('errors.authRequired'));
                throw error;
              }
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
