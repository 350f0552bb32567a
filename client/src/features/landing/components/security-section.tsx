import { FileCheck2, Globe, KeyRound, LockKeyhole, ScrollText, ShieldCheck } from 'lucide-react';
import { SectionHeading } from './section-heading';

const OPTIONS = [
  {
    icon: ShieldCheck,
    title: 'GDPR',
    text: 'Personal data stays on infrastructure you control. A Data Processing Agreement (DPA) is available on Enterprise.',
  },
  {
    icon: FileCheck2,
    title: 'HIPAA BAA for Enterprise',
    text: 'Enterprise customers handling health information can sign a Business Associate Agreement (BAA) with us.',
  },
  { icon: KeyRound, title: 'SSO', text: 'Single sign-on for your whole team with your identity provider, on the Enterprise plan.' },
  { icon: Globe, title: 'Data residency on request', text: 'Need your data kept in a particular country or region? Ask, and we will set it up with you.' },
  {
    icon: LockKeyhole,
    title: 'AES-256 and TLS 1.2+',
    text: 'Built to run encrypted end to end: AES-256 at rest on your encrypted disk or object store, TLS 1.2+ in transit behind your HTTPS endpoint.',
  },
  { icon: ScrollText, title: 'Audited admin access', text: 'Every admin sign-in attempt is written to an audit log, and repeated failures are rate limited.' },
];

export function SecuritySection() {
  return (
    <section aria-labelledby="security-title" id="security" className="fixed-palette scroll-mt-20 bg-genie-950 py-20 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="security-title" eyebrow="Security" title="Security and compliance" tone="dark">
          Privacy is the product, not a setting. These are the options your team can count on.
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {OPTIONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-white/10 bg-white/[0.04] p-6">
              <Icon className="h-6 w-6 text-genie-300" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-genie-100/75">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
