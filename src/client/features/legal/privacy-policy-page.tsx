import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { formatLongDate } from '../../lib/format.ts';

const LAST_UPDATED = '2025-06-01';

type PolicySection = { id: string; title: string; body: React.ReactNode };

const sections: PolicySection[] = [
  {
    id: 'company-information',
    title: 'Company information',
    body: (
      <>
        <p>
          Brandlens is provided by Brandlens Ltd ("Brandlens", "we", "us"), a company based in the United Kingdom. For
          the personal data described in this policy we are the data controller under the UK General Data Protection
          Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          Where you add personal data about other people to Brandlens (for example customer feedback that names its
          author, or the e-mail addresses of report recipients), you decide why that data is processed and we process it
          on your behalf to provide the service.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run Brandlens:</p>
        <ul>
          <li>
            <strong>Account details</strong> from the sign-in provider you choose (Google or Replit): your name, e-mail
            address and, if the provider shares it, a profile picture address. We never see your password.
          </li>
          <li>
            <strong>Brand information you give us</strong>: brand names, website addresses, social media handles, colour
            palettes, fonts and files you upload, such as logos (up to 10 MB per file).
          </li>
          <li>
            <strong>Content gathered for your analyses</strong>: publicly available pages of the websites you ask us to
            audit (our crawler respects robots.txt), public social profiles and feeds, competitor details and adverts
            you add or that we retrieve from public ad libraries, and customer feedback you type or import.
          </li>
          <li>
            <strong>What you create</strong>: audits, reports, recommendations, action items, scheduled e-mail reports
            and their recipients, white-label settings, team members' e-mail addresses and messages you send to our
            support team.
          </li>
          <li>
            <strong>Billing information</strong>: your plan, subscription status and the customer and subscription
            references from our payment provider. Card details are entered directly with our payment provider and never
            reach our servers.
          </li>
          <li>
            <strong>Technical information</strong>: server logs with your IP address, the pages and actions requested,
            timestamps and error details, used to keep the service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-your-information',
    title: 'How we use your information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account and sign you in;</li>
          <li>run the audits, consumer-insight analyses and competitor tracking you request, and produce reports;</li>
          <li>send the e-mails you ask for, such as scheduled reports and reports you share;</li>
          <li>take payments and manage your subscription;</li>
          <li>answer support requests;</li>
          <li>keep the service secure, prevent abuse and fix problems;</li>
          <li>meet our legal obligations, for example keeping accounting records.</li>
        </ul>
        <p>
          Our lawful bases are: performing our contract with you (providing the service you signed up for), our
          legitimate interests (keeping the service secure and improving it in ways you would expect), and legal
          obligation (tax and accounting). Where we rely on your consent, you can withdraw it at any time.
        </p>
        <p>
          When AI features are enabled, the information needed for a particular report, such as the measured findings
          about your website, is sent to our language model provider to write the text of that report. AI-written text
          is labelled in the product. We do not use your data for advertising, and we do not sell it.
        </p>
      </>
    ),
  },
  {
    id: 'data-storage-and-security',
    title: 'Data storage and security',
    body: (
      <>
        <p>
          Your data is stored in our database and file storage, operated by our hosting providers. If data is
          transferred outside the UK, we make sure it is protected by UK adequacy regulations or the International Data
          Transfer Agreement approved by the Information Commissioner.
        </p>
        <p>
          We protect your data with encrypted connections (HTTPS), sessions that expire, access controls that keep each
          account's data separate, hashed API tokens and share links that cannot be guessed. Only people who need access
          to run the service can reach production data. No system is perfectly secure, but if a breach ever puts your
          data at risk we will tell you and the Information Commissioner's Office as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-party services',
    body: (
      <>
        <p>We share data only with service providers who help us run Brandlens, and only what each one needs:</p>
        <ul>
          <li>
            <strong>Sign-in providers</strong> (Google and Replit) confirm who you are when you sign in.
          </li>
          <li>
            <strong>Stripe</strong> processes payments and manages subscriptions.
          </li>
          <li>
            <strong>Our e-mail delivery provider</strong> sends account, report and support e-mails.
          </li>
          <li>
            <strong>Our language model provider</strong>, when AI features are enabled, writes report text from the
            findings we send it.
          </li>
          <li>
            <strong>Our hosting providers</strong> run the servers and storage that hold your data.
          </li>
        </ul>
        <p>
          When you share a report by link, anyone with the link can view that report. We may also disclose information
          if the law requires it. We never sell personal data or share it with advertisers.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights under UK data protection law',
    body: (
      <>
        <p>Under the UK GDPR and the Data Protection Act 2018 you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected (you can edit your profile in Settings);</li>
          <li>have your data erased (you can delete your account in Settings);</li>
          <li>restrict or object to how we use your data;</li>
          <li>receive your data in a portable, machine-readable format;</li>
          <li>withdraw consent where we rely on it.</li>
        </ul>
        <p>
          We respond to requests within one month. If you are unhappy with how we handle your data, you can complain to
          the Information Commissioner's Office (ICO) at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noreferrer">
            ico.org.uk
          </a>{' '}
          or on 0303 123 1113, though we would appreciate the chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data retention',
    body: (
      <ul>
        <li>Account, brand and report data: for as long as your account is open.</li>
        <li>
          When you delete your account, we erase your brands, audits, insights, reports and settings and end your
          subscription.
        </li>
        <li>Billing records: six years after the end of the financial year they relate to, as UK tax law requires.</li>
        <li>Support messages: for as long as needed to resolve your request and keep a record of it.</li>
        <li>Server logs: for a short period for security and troubleshooting, then deleted.</li>
        <li>Shared links stop working when you delete the report they point to.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Brandlens uses a single, strictly necessary session cookie to keep you signed in. It is set when you sign in
          and is removed when you sign out or when the session expires. Because it is essential for the service, it does
          not need your consent under the Privacy and Electronic Communications Regulations.
        </p>
        <p>
          We also store a few preferences in your browser's local storage, such as the plan you chose before signing in.
          We do not use analytics, advertising or tracking cookies. When you open the payment page, our payment provider
          Stripe may set its own cookies to prevent fraud.
        </p>
      </>
    ),
  },
  {
    id: 'changes-to-this-policy',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy when the service or the law changes. The date at the top shows when it last changed.
        If a change materially affects how we use your personal data, we will tell you by e-mail or in the app before it
        takes effect.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact us',
    body: (
      <>
        <p>
          For any question about this policy or your personal data, or to exercise your rights, contact us through the
          Contact Form in Settings (under Help) and mark your message "Privacy" so it reaches the right person.
        </p>
        <p>If you cannot sign in, reply to any e-mail you have received from Brandlens and we will pick it up.</p>
      </>
    ),
  },
];

export default function PrivacyPolicyPage() {
  useEffect(() => {
    document.title = 'Privacy Policy · Brandlens';
    return () => {
      document.title = 'Brandlens';
    };
  }, []);

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 w-full max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <BrandLogo />
          </Link>
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </Link>
        </div>
      </header>

      <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Privacy Policy</h1>
        <p className="mt-3 text-muted-foreground">
          Last updated {formatLongDate(LAST_UPDATED)}. This policy explains what personal data Brandlens collects, why,
          and the rights you have under UK data protection law.
        </p>

        <nav aria-label="Contents" className="mt-8 rounded-xl border bg-muted/40 p-5">
          <p className="font-semibold text-sm">Contents</p>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="font-semibold text-xl tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 text-[15px] text-foreground/85 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          ))}
        </div>

        <div className="mt-14 border-t pt-6">
          <Link href="/" className="inline-flex items-center gap-2 font-medium text-primary text-sm hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </Link>
        </div>
      </main>

      <footer className="border-t py-6 text-center text-muted-foreground text-sm">
        © 2025 Brandlens Ltd. All rights reserved.
      </footer>
    </div>
  );
}
