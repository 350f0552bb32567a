import { SkipLink } from '@/components/ui/skip-link';
import { AccountArea } from '@/features/auth/components/account-area';
import { AudienceSection } from '@/features/landing/components/audience-section';
import { DemoRequestSection } from '@/features/landing/components/demo-request-section';
import { FaqSection } from '@/features/landing/components/faq-section';
import { HeroSection } from '@/features/landing/components/hero-section';
import { OnboardingSection } from '@/features/landing/components/onboarding-section';
import { PricingSection } from '@/features/landing/components/pricing-section';
import { RoiSection } from '@/features/landing/components/roi-section';
import { SecuritySection } from '@/features/landing/components/security-section';
import { SiteFooter } from '@/features/landing/components/site-footer';
import { SiteHeader } from '@/features/landing/components/site-header';
import { UseCasesSection } from '@/features/landing/components/use-cases-section';
import { WhySection } from '@/features/landing/components/why-section';
import { useSmoothAnchorScroll } from '@/features/landing/hooks/use-smooth-anchor-scroll';
import { PromotionBanner } from '@/features/promotions/components/promotion-banner';
import { useLivePromotions } from '@/features/promotions/hooks/use-live-promotions';

// Everything renders at once from constants; live promotions arrive later and only add to it.
export default function LandingPage() {
  const promotions = useLivePromotions();
  useSmoothAnchorScroll();
  return (
    <div id="top" className="min-h-screen bg-white">
      <SkipLink />
      <PromotionBanner promotions={promotions} />
      <SiteHeader account={<AccountArea tone="dark" getStartedHref={null} />} />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection />
        <WhySection />
        <AudienceSection />
        <UseCasesSection />
        <OnboardingSection />
        <SecuritySection />
        <PricingSection promotions={promotions} />
        <RoiSection />
        <FaqSection />
        <DemoRequestSection />
      </main>
      <SiteFooter />
    </div>
  );
}

