export type Testimonial = {
  quote: string;
  name: string;
  role: string;
  /** The part of Tally the quote is about, shown as a tag. */
  feature: string;
};

// Written to describe what the product does; no invented savings amounts or user counts.
export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'For the first time a budget feels like a reward. Watching my grocery money grow a little every morning makes me want to leave it alone.',
    name: 'Maya Robinson',
    role: 'ICU nurse',
    feature: 'Count-up budgeting',
  },
  {
    quote:
      'The AI advisor noticed my takeout spending creeps up in the last week of every month. Now I plan for it instead of feeling guilty about it.',
    name: 'Daniel Kim',
    role: 'Software engineer',
    feature: 'AI financial advisor',
  },
  {
    quote:
      'Tally found three subscriptions I had completely forgotten about, including one for an app I deleted years ago. I cancelled them all in an afternoon.',
    name: 'Priya Shah',
    role: 'Graphic designer',
    feature: 'Subscription tracking',
  },
  {
    quote:
      'Whatever is left at the end of the month goes straight into my house-deposit goal. Seeing that progress ring fill up is weirdly addictive.',
    name: 'Marcus Thompson',
    role: 'High-school teacher',
    feature: 'Savings goals',
  },
  {
    quote:
      'Linking my bank took a couple of minutes and pulled in two years of history, so my first budget was built on real numbers instead of guesses.',
    name: 'Elena García',
    role: 'Small-business owner',
    feature: 'Bank linking',
  },
];
