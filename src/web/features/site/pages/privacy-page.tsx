import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { InfoPage, InfoSection } from '../components/info-page.tsx';

/** Today in the visitor's time zone: the label and the ISO date for `<time dateTime>`. */
function today() {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    label: now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    iso: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  };
}

/** SPEC §2 info pages: four sections, an effective date equal to today, and a link to /contact. */
export function PrivacyPage() {
  const brand = useBrand();
  const effective = today();
  return (
    <InfoPage
      title="Privacy Policy"
      eyebrow="Legal"
      icon={ShieldCheck}
      description={`How ${brand} collects, uses and protects your personal information, and the rights you have over it.`}
      intro={
        <>
          <p>How we collect, use and protect your information when you use {brand}.</p>
          <p className="mt-3 text-base">
            Effective date: <time dateTime={effective.iso}>{effective.label}</time>
          </p>
        </>
      }
    >
      <div className="mx-auto grid max-w-3xl gap-12">
        <InfoSection id="information-collected" title="1. Information we collect">
          <p>
            When you create an account we store your name, e-mail address, role and password (hashed, never in plain text).
            When you use the platform we store what you create: your profile, products and files, sales, and short links with
            their anonymous click statistics (date, referrer, browser and device type).
          </p>
          <p>If you subscribe to our newsletter we store your e-mail address. Some settings are kept only in your browser.</p>
        </InfoSection>
        <InfoSection id="use-of-information" title="2. How we use your information">
          <p>
            We use your information to run your account, show your storefront and products, process and record sales, send the
            e-mails you ask for (such as account confirmation, password resets and the newsletter) and keep the service secure.
            We do not sell your personal information.
          </p>
        </InfoSection>
        <InfoSection id="data-security" title="3. Data security">
          <p>
            Passwords are hashed, sessions use secure, HTTP-only cookies, and the service sends strict security headers. Access
            to administrative features is limited to administrators. No system is perfectly secure, so please use a strong,
            unique password.
          </p>
        </InfoSection>
        <InfoSection id="your-rights" title="4. Your rights">
          <p>
            You can view and update your profile at any time, unsubscribe from the newsletter, and ask us for a copy of your
            data or to delete your account. To exercise these rights or ask a question about this policy,{' '}
            <Link to="/contact" className="font-medium text-brand-soft underline underline-offset-4 hover:text-foreground">
              contact us
            </Link>
            .
          </p>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
