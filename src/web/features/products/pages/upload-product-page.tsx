import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { useDashboardBase } from '../utils/dashboard-base.ts';

/** /dashboard/products/upload (SPEC §5 Upload product). */
export function UploadProductPage() {
  usePageTitle('Upload Product');
  const base = useDashboardBase();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const createProduct = useCreateProduct();

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <Link to={`${base}/products`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" /> My Products
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Upload Product</h1>
        <p className="mt-1 text-muted-foreground">Add a digital product to your storefront and the marketplace.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Product details</CardTitle>
          <CardDescription>Product name, price and the product file are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <ProductForm
            mode="create"
            cancelHref={`${base}/products`}
            onSubmit={async (values, onProgress) => {
              if (user === null) {
                showToast({ title: 'Authentication Error', description: PRODUCT_MESSAGES.authRequired, variant: 'error' });
                throw new Error(PRODUCT_MESSAGES.authRequired);
              }
              try {
                const product = await createProduct.mutateAsync({ values, onProgress });
                showToast({ title: PRODUCT_MESSAGES.uploaded, description: `"${product.name}" is now in your store.`, variant: 'success' });
                void navigate(`${base}/products`);
              } catch (error) {
                if (isApiError(error, 401)) throw new Error(PRODUCT_MESSAGES.authRequired);
                throw error;
              }
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
