import { BookOpen, LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import { useBrand, useSite } from '#web/lib/site.ts';
import { InfoCard, InfoPage, InfoSection } from '../components/info-page.tsx';

const FAQ = [
  {
    question: 'I did not get the confirmation e-mail.',
    answer: 'Check your spam folder first. Confirmation links expire, so if yours is old, sign up again with the same address or reset your password.',
  },
  {
    question: 'I forgot my password.',
    answer: 'On the login page choose “Forgot password?” and follow the link we e-mail you.',
  },
  {
    question: 'Can buyers pay for my products yet?',
    answer: 'Not yet: checkout is a demo while we finish payments. You can already upload products and build your storefront.',
  },
] as const;

/** How to get help: a few answers, the docs, and the support address from /api/site. */
export function SupportPage() {
  const brand = useBrand();
  const { data: site } = useSite();
  const support = site?.contacts.support;
  return (
    <InfoPage
      title="Support"
      eyebrow="Resources"
      icon={LifeBuoy}
      description={`Get help with your ${brand} account, products, payments and short links: common answers and how to reach our team.`}
    >
      <ul className="grid gap-4 md:grid-cols-3">
        <li>
          <InfoCard icon={Mail} title="E-mail support" href={support ? `mailto:${support}` : undefined} headingLevel="h2" footer={support}>
            Write to us about your account, products, payments or short links.
          </InfoCard>
        </li>
        <li>
          <InfoCard icon={BookOpen} title="Documentation" to="/docs" headingLevel="h2">
            How the platform works and how to run your own instance.
          </InfoCard>
        </li>
        <li>
          <InfoCard icon={MessageCircle} title="Other questions" to="/contact" headingLevel="h2">
            Partnerships, press and everything else.
          </InfoCard>
        </li>
      </ul>
      <InfoSection id="faq" title="Common questions">
        <dl className="grid gap-6">
          {FAQ.map((item) => (
            <div key={item.question} className="rounded-2xl border border-border bg-card/60 p-6">
              <dt className="font-semibold text-foreground">{item.question}</dt>
              <dd className="mt-2">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </InfoSection>
    </InfoPage>
  );
}
