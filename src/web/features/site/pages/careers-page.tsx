import { Briefcase, Code2, Mail, Megaphone, PenTool, Users } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useBrand, useSite } from '#web/lib/site.ts';
import { InfoCard, InfoPage, InfoSection } from '../components/info-page.tsx';

const AREAS = [
  {
    title: 'Engineering',
    icon: Code2,
    text: 'Build the storefront, payments, short links and realtime features in TypeScript, React and PostgreSQL.',
  },
  {
    title: 'Design',
    icon: PenTool,
    text: 'Shape a calm, accessible product that helps creators look professional from their first sale.',
  },
  {
    title: 'Marketing',
    icon: Megaphone,
    text: 'Tell creators, freelancers and small studios why one platform beats five subscriptions.',
  },
  {
    title: 'Community',
    icon: Users,
    text: 'Support our creators, run the jobs and community spaces, and bring their feedback into the roadmap.',
  },
] as const;

/** SPEC §2 info pages: four areas and a mailto link to the careers address (from /api/site). */
export function CareersPage() {
  const brand = useBrand();
  const { data: site, isPending } = useSite();
  const careers = site?.contacts.careers;
  return (
    <InfoPage
      title="Careers"
      eyebrow={`Work at ${brand}`}
      icon={Briefcase}
      description={`Help us build the platform creators run their business on. ${brand} hires across engineering, design, marketing and community.`}
    >
      <section aria-labelledby="areas-title">
        <h2 id="areas-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Where you could help
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {AREAS.map((area) => (
            <li key={area.title}>
              <InfoCard icon={area.icon} title={area.title}>
                {area.text}
              </InfoCard>
            </li>
          ))}
        </ul>
      </section>

      <InfoSection id="apply" title="How to apply" className="rounded-3xl border border-border bg-card/70 p-8 text-center sm:p-12">
        <p className="mx-auto max-w-xl">
          We do not list fixed openings yet. Tell us which area fits you, what you have built and a link to your work, and we
          will get back to you.
        </p>
        <div className="mt-2 flex justify-center">
          {careers ? (
            <Button asChild size="lg">
              <a href={`mailto:${careers}?subject=${encodeURIComponent(`Application: ${brand}`)}`}>
                <Mail aria-hidden="true" /> Email {careers}
              </a>
            </Button>
          ) : isPending ? (
            <span role="status" className="h-11 w-64 animate-pulse rounded-lg bg-muted">
              <span className="sr-only">Loading the careers address…</span>
            </span>
          ) : (
            <p>The careers address could not be loaded. Please try again later.</p>
          )}
        </div>
      </InfoSection>
    </InfoPage>
  );
}
