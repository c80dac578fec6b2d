import { FeaturesSection } from './FeaturesSection';
import { FinalCta } from './FinalCta';
import { HeroSection } from './HeroSection';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import classes from './LandingPage.module.css';
import { PricingSection } from './PricingSection';
import { StatsBand } from './StatsBand';
import { TestimonialsSection } from './TestimonialsSection';

/** The public page at / (SPEC §2 "Landing page"). */
export function LandingPage() {
  return (
    <div className={classes.page}>
      <LandingHeader />
      <main>
        <HeroSection />
        <FeaturesSection />
        <StatsBand />
        <TestimonialsSection />
        <PricingSection />
        <FinalCta />
      </main>
      <LandingFooter />
    </div>
  );
}
