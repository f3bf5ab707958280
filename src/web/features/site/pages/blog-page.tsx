import { Mail, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage } from '../components/info-page.tsx';

/** The blog has no posts yet; it says so and points to the newsletter. */
export function BlogPage() {
  const brand = useBrand();
  return (
    <InfoPage
      title="Blog"
      eyebrow="Resources"
      icon={Newspaper}
      description={`News, release notes and creator stories from the ${brand} team.`}
    >
      <section aria-labelledby="no-posts-title" className="rounded-3xl border border-dashed border-border bg-card/60 p-8 text-center sm:p-12">
        <h2 id="no-posts-title" className="text-2xl font-bold tracking-tight">
          No posts yet
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          We are busy building {brand}. Our first articles, about selling digital products and what is new on the platform,
          will appear here. Join the newsletter to hear about them first.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/#newsletter">
            <Mail aria-hidden="true" /> Join the Newsletter
          </Link>
        </Button>
      </section>
    </InfoPage>
  );
}
