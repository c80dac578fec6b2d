// The first-run guide's front door: the dashboard shows it, its code fetched only for a person who has it.
export { useOnboardingGuide } from './guide';
