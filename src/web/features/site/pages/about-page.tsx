import { ArrowRight, Bot, Briefcase, Layers, Package, Target, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand } from '#web/lib/site.ts';
import { InfoCard, InfoPage, InfoSection } from '../components/info-page.tsx';

/** SPEC §2 info pages: mission, what we enable, join section. */
export function AboutPage() {
  const brand = useBrand();
  return (
    <InfoPage
      title="About Us"
      eyebrow={`About ${brand}`}
      icon={Users}
      description={`${brand} helps digital creators, freelancers and online businesses sell, get paid and grow from one self-hostable platform.`}
    >
      <InfoSection id="mission" title="Our mission">
        <p>
          Creators should spend their time creating, not stitching together a storefront, an invoicing tool, a link shortener
          and a job board. Our mission is to give every independent creator one place to sell digital products, bill clients,
          share links and find work, with fair pricing that grows with them.
        </p>
        <p>
          {brand} is self-hostable: you can run it on your own server, under your own brand, and keep your data where you want
          it.
        </p>
      </InfoSection>

      <section aria-labelledby="enable-title">
        <h2 id="enable-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What we enable
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          <li>
            <InfoCard icon={Bot} title="AI tools">
              Draft product descriptions, social posts and ideas with an AI content assistant made for creators.
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={Package} title="Digital products">
              Sell e-books, templates, software, courses, music and video from your own storefront and the marketplace.
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={Briefcase} title="Services and consultations">
              Offer your expertise, send itemised invoices and share a payment link with each client.
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={Layers} title="A unified platform">
              Products, payments, payouts, short links, jobs and community live under one account and one dashboard.
            </InfoCard>
          </li>
        </ul>
      </section>

      <section
        aria-labelledby="join-title"
        className="rounded-3xl border border-violet-400/30 bg-gradient-to-br from-violet-950/70 via-card to-card p-8 text-center sm:p-12"
      >
        <Target aria-hidden="true" className="mx-auto size-8 text-brand-soft" />
        <h2 id="join-title" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          Join us
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          Start selling for free today, or help us build {brand}: we are looking for people who care about creators.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth" state={{ defaultTab: 'signup' }}>
              Create Your Free Account <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/careers">See Careers</Link>
          </Button>
        </div>
      </section>
    </InfoPage>
  );
}
