import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

const linkClass = 'font-medium text-brand-soft underline underline-offset-4 hover:text-foreground';

/** Short, plain-language terms of service. */
export function TermsPage() {
  const brand = useBrand();
  return (
    <InfoPage
      title="Terms of Service"
      eyebrow="Legal"
      icon={Scale}
      description={`The plain-language rules for using ${brand}: your account, what you sell, short links, fees and our responsibilities.`}
    >
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="accounts" title="1. Your account">
          <p>
            You must give a valid e-mail address and keep your password safe. You are responsible for what happens under your
            account. We may suspend accounts that break these terms.
          </p>
        </InfoSection>
        <InfoSection id="content" title="2. What you sell and share">
          <p>
            You keep the rights to what you upload, and you must own it or have permission to sell it. No illegal content,
            malware, or material that infringes someone else’s rights. Short links must not point to harmful or deceptive
            sites; we block known bad domains.
          </p>
        </InfoSection>
        <InfoSection id="fees" title="3. Plans and fees">
          <p>
            The Free plan charges a 1% platform fee per sale plus the payment processor’s fee. Paid plans are billed monthly or
            yearly as shown on the pricing section. {brand} is still under construction, and checkout is not live yet.
          </p>
        </InfoSection>
        <InfoSection id="liability" title="4. Our responsibilities">
          <p>
            We work to keep {brand} available and secure but provide it “as is”, without warranties. We may change these terms
            and will say so on this page. Questions?{' '}
            <Link to="/contact" className={linkClass}>
              Contact us
            </Link>
            .
          </p>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
