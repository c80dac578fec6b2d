import { Container } from '@mantine/core';
import classes from './LandingPage.module.css';
import { SectionHeading } from './SectionHeading';
import { TestimonialCarousel } from './TestimonialCarousel';
import { TESTIMONIALS } from './testimonials';

export function TestimonialsSection() {
  return (
    <section id="testimonials" className={classes.section} aria-labelledby="testimonials-title">
      <Container size="lg">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="People who budget with Tally"
          description="What changes when your budget rewards you for not spending."
        />
        <TestimonialCarousel testimonials={TESTIMONIALS} />
      </Container>
    </section>
  );
}
