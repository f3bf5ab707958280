import { ArrowRight, BadgeDollarSign, Link2, MessageSquareQuote, Sparkles, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useBrand } from '#web/lib/site.ts';

function Section({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 border-t border-border/60 py-20">
      <div className="mx-auto max-w-5xl px-4 text-center sm:px-6">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">{icon}</span>
        <h2 id={`${id}-title`} className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <div className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{children}</div>
      </div>
    </section>
  );
}

/** The home page (placeholder): hero, then the sections the header and footer link to. */
export function HomePage() {
  usePageTitle();
  const brand = useBrand();
  return (
    <>
      <section aria-labelledby="hero-title" className="relative isolate -mt-16 overflow-hidden pt-16">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-40 left-1/2 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-violet-700/30 blur-3xl" />
          <div className="absolute top-40 -right-40 h-80 w-80 rounded-full bg-fuchsia-600/20 blur-3xl" />
        </div>
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-20 pb-24 text-center sm:px-6 sm:pt-28 sm:pb-32">
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-4 py-1.5 text-sm font-medium text-violet-200">
            <Sparkles aria-hidden="true" className="size-4" /> A premium version is coming soon
          </p>
          <h1 id="hero-title" className="mt-8 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Sell, share and grow with{' '}
            <span className="bg-gradient-to-r from-violet-300 via-fuchsia-300 to-violet-400 bg-clip-text text-transparent">{brand}</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
            The all-in-one platform for digital creators, freelancers and online businesses: sell digital products, invoice
            clients, shorten links, build with AI and find your next gig.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth" state={{ defaultTab: 'signup' }}>
                Get Started Free <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/store">
                <Store aria-hidden="true" /> Explore Marketplace
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <Section id="features" icon={<Link2 aria-hidden="true" className="size-6" />} title="Everything a creator needs">
        <p>
          A digital product hub, a marketplace, client payments and invoices, payouts, a design tool, an AI builder, a jobs
          board and a free URL shortener. The full tour of features is coming soon.
        </p>
      </Section>

      <Section id="pricing" icon={<BadgeDollarSign aria-hidden="true" className="size-6" />} title="Simple, fair pricing">
        <p>Start free and upgrade when you grow. Our plans and prices are coming soon.</p>
      </Section>

      <Section id="testimonials" icon={<MessageSquareQuote aria-hidden="true" className="size-6" />} title="Loved by creators">
        <p>Stories from creators who sell with {brand} are coming soon.</p>
      </Section>
    </>
  );
}
