import { ArrowRight, FileText, Lock, Server } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';

// SSO reads the same in every language; GDPR does not (DSGVO, RGPD), nor "and".
const TRUST = ['security.gdprTitle', 'hero.trustHipaa', 'SSO', 'security.encryptionTitle'];

export function HeroSection() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <section aria-labelledby="hero-title" className="fixed-palette relative isolate overflow-hidden bg-genie-950 text-white">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_40rem_at_80%_-10%,rgba(139,92,246,0.55),transparent),radial-gradient(40rem_30rem_at_0%_110%,rgba(79,70,229,0.45),transparent)]" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm text-genie-100">
            <Server className="h-4 w-4 text-genie-300" aria-hidden="true" />
            {t('hero.badge')}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('hero.titleStart')}
            <span className="bg-gradient-to-r from-genie-300 to-pink-300 bg-clip-text text-transparent">{t('hero.titleHighlight')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-genie-100/85">
            {t('hero.lead')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/premium" className={buttonVariants({ size: 'lg', variant: 'inverse', className: 'shadow-lg shadow-genie-900/40' })}>
              {t('common:getStarted')} <ArrowRight aria-hidden="true" />
            </Link>
            <a href="#contact" className={buttonVariants({ size: 'lg', variant: 'glass' })}>
              {t('hero.requestDemo')}
            </a>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-5 gap-y-2 text-sm text-genie-200" aria-label={t('hero.compliance')}>
            {TRUST.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Lock className="h-3.5 w-3.5 text-genie-300" aria-hidden="true" />
                {item.includes('.') ? t(item) : item}
              </li>
            ))}
          </ul>
        </div>
        <ExampleConversation />
      </div>
    </section>
  );
}

/** A static picture of a conversation, built in HTML so the hero needs no image download. */
function ExampleConversation() {
  const { t } = useTranslation('landing');
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div aria-hidden="true" className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-genie-500/30 to-pink-500/20 blur-2xl" />
      <div className="rounded-2xl border border-white/15 bg-white/[0.07] p-4 shadow-2xl backdrop-blur sm:p-5">
        <div className="flex items-center justify-between border-b border-white/10 pb-3">
          <span className="flex items-center gap-2 text-sm font-semibold">
            <span aria-hidden="true">🧞</span> Genie
          </span>
          <span className="rounded-full bg-emerald-400/15 px-2 py-0.5 text-xs font-medium text-white">{t('hero.exampleServer')}</span>
        </div>
        <div className="mt-4 space-y-3 text-sm">
          <div className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-genie-600 px-3.5 py-2.5">
            <p>{t('hero.exampleQuestion')}</p>
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-black/15 px-2 py-1 text-xs">
              <FileText className="h-3.5 w-3.5" aria-hidden="true" /> {t('hero.exampleFile')}
            </p>
          </div>
          <div className="w-fit max-w-[90%] rounded-2xl rounded-bl-md bg-white px-3.5 py-2.5 text-slate-800">
            <p className="font-semibold">{t('hero.exampleAnswer')}</p>
            <ul className="mt-1.5 list-disc space-y-1 pl-4 text-slate-700">
              <li>{t('hero.examplePoint1')}</li>
              <li>{t('hero.examplePoint2')}</li>
              <li>{t('hero.examplePoint3')}</li>
            </ul>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-genie-100">{t('hero.exampleCaption')}</figcaption>
    </figure>
  );
}
