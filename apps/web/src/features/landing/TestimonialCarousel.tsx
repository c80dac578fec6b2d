import { ActionIcon, Avatar, Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconQuote,
} from '@tabler/icons-react';
import { type FocusEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import classes from './TestimonialCarousel.module.css';
import type { Testimonial } from './testimonials';
import { CAROUSEL_TRANSITION_MS, useCarousel } from './use-carousel';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isStopped, setIsStopped] = useState(false);
  const { activeIndex, isTransitioning, goTo, next, previous } = useCarousel({
    count: testimonials.length,
    isPaused: isHovered || hasFocus || isStopped,
  });

  // Disabling a focused arrow drops keyboard focus to <body>; hand it back once the slide has changed.
  const arrowToRefocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (isTransitioning || !arrowToRefocus.current) return;
    arrowToRefocus.current.focus();
    arrowToRefocus.current = null;
  }, [isTransitioning]);

  const step = (move: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (document.activeElement === event.currentTarget) arrowToRefocus.current = event.currentTarget;
    move();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
  };

  const isAutoPlaying = !(isHovered || hasFocus || isStopped);

  return (
    // Hovering or focusing only pauses the auto-advance; every action has its own button.
    <section
      className={classes.root}
      aria-roledescription="carousel"
      aria-label="Customer testimonials"
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={onBlur}
    >
      <div className={classes.viewport} aria-live={isAutoPlaying ? 'off' : 'polite'}>
        {testimonials.map((testimonial, index) => {
          const isActive = index === activeIndex;
          return (
            <Paper
              key={testimonial.name}
              className={classes.slide}
              data-active={isActive || undefined}
              aria-hidden={!isActive}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${testimonials.length}`}
              style={{ transitionDuration: `${CAROUSEL_TRANSITION_MS}ms` }}
              withBorder
              shadow="sm"
              p={{ base: 'lg', sm: 40 }}
            >
              <IconQuote className={classes.quoteIcon} size={40} stroke={1.4} aria-hidden />
              <figure className={classes.figure}>
                <blockquote className={classes.quote}>
                  <Text component="p" fz={{ base: 'lg', sm: 22 }} lh={1.5} fw={500}>
                    “{testimonial.quote}”
                  </Text>
                </blockquote>
                <Group component="figcaption" justify="space-between" gap="md" mt="xl">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar color="brand" radius="xl" size={44} aria-hidden>
                      {initials(testimonial.name)}
                    </Avatar>
                    <div>
                      <Text fw={700}>{testimonial.name}</Text>
                      <Text size="sm" c="dimmed">
                        {testimonial.role}
                      </Text>
                    </div>
                  </Group>
                  <Badge variant="light" size="lg" radius="sm" className={classes.featureTag}>
                    {testimonial.feature}
                  </Badge>
                </Group>
              </figure>
            </Paper>
          );
        })}
      </div>

      <Group justify="center" gap="md" mt="xl" wrap="nowrap">
        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          aria-label="Previous testimonial"
          disabled={isTransitioning}
          onClick={step(previous)}
        >
          <IconChevronLeft size={20} aria-hidden />
        </ActionIcon>

        <Group gap={0} wrap="nowrap">
          {testimonials.map((testimonial, index) => (
            <UnstyledButton
              key={testimonial.name}
              className={classes.dot}
              aria-label={`Show testimonial ${index + 1}`}
              aria-current={index === activeIndex || undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </Group>

        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          aria-label="Next testimonial"
          disabled={isTransitioning}
          onClick={step(next)}
        >
          <IconChevronRight size={20} aria-hidden />
        </ActionIcon>

        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          radius="xl"
          aria-label={isStopped ? 'Resume testimonials' : 'Pause testimonials'}
          onClick={() => setIsStopped(!isStopped)}
        >
          {isStopped ? (
            <IconPlayerPlayFilled size={16} aria-hidden />
          ) : (
            <IconPlayerPauseFilled size={16} aria-hidden />
          )}
        </ActionIcon>
      </Group>
    </section>
  );
}
