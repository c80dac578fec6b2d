/** Page sections the header and footer link to, in page order. */
export const LANDING_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'pricing', label: 'Pricing' },
] as const;
