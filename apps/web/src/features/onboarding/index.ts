import { lazy } from 'react';

// The first-run guide's front door: the dashboard shows it, its code fetched with the dashboard's data.
export const OnboardingGuide = lazy(async () => ({
  default: (await import('./OnboardingGuide')).OnboardingGuide,
}));
