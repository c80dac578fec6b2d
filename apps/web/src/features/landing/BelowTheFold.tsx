import { FeaturesSection } from './FeaturesSection';
import { FinalCta } from './FinalCta';
import { LandingFooter } from './LandingFooter';
import { PricingSection } from './PricingSection';
import { StatsBand } from './StatsBand';
import { TestimonialsSection } from './TestimonialsSection';

/** Everything under the hero: prerendered with the page, its code fetched alongside the page's own. */
export function BelowTheFold() {
  return (
    <>
      <FeaturesSection />
      <StatsBand />
      <TestimonialsSection />
      <PricingSection />
      <FinalCta />
    </>
  );
}

export { LandingFooter };
