import { DollarSign, Package, ShoppingCart, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useMyProductsCount } from '../api/get-my-products.ts';

/** Creator overview (placeholder): greeting and the three stat cards, all zero until checkout exists. */
export function OverviewPage() {
  usePageTitle('Overview');
  const { data: user } = useCurrentUser();
  const firstName = user?.name.split(' ')[0] ?? '';
  const productCount = useMyProductsCount();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Overview</h1>
          <p className="mt-1 text-muted-foreground">Welcome back{firstName ? `, ${firstName}` : ''}! Here is how your store is doing.</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/products/upload">
            <Upload aria-hidden="true" /> Upload Product
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Total Earnings" value="$0.00" icon={DollarSign} />
        <StatCard label="Uploaded Products" value={productCount ?? '–'} icon={Package} />
        <StatCard label="Total Sales" value={0} icon={ShoppingCart} />
      </div>
      <p className="rounded-lg border border-dashed border-border bg-card/50 p-4 text-sm text-muted-foreground">
        Sales and earnings will appear here once checkout arrives. Featured tools, quick actions and recent activity are coming
        soon.
      </p>
    </div>
  );
}
