import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { TestimonialCarousel } from './TestimonialCarousel';
import { TESTIMONIALS } from './testimonials';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS, useCarousel } from './use-carousel';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useCarousel', () => {
  it('advances to the next slide every 5 seconds and wraps after the last', () => {
    const { result } = renderHook(() => useCarousel({ count: 3 }));
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(result.current.activeIndex).toBe(0);

    advance(4999);
    expect(result.current.activeIndex).toBe(0);
    advance(1);
    expect(result.current.activeIndex).toBe(1);
    advance(5000);
    expect(result.current.activeIndex).toBe(2);
    advance(5000);
    expect(result.current.activeIndex).toBe(0);
  });

  it('is transitioning for 150 ms after a change and ignores navigation meanwhile', () => {
    const { result } = renderHook(() => useCarousel({ count: 5 }));

    act(() => result.current.next());
    expect(result.current.activeIndex).toBe(1);
    expect(result.current.isTransitioning).toBe(true);

    act(() => result.current.next());
    act(() => result.current.goTo(4));
    expect(result.current.activeIndex).toBe(1);

    advance(CAROUSEL_TRANSITION_MS);
    expect(result.current.isTransitioning).toBe(false);
    act(() => result.current.next());
    expect(result.current.activeIndex).toBe(2);
  });

  it('goes back from the first slide to the last', () => {
    const { result } = renderHook(() => useCarousel({ count: 5 }));
    act(() => result.current.previous());
    expect(result.current.activeIndex).toBe(4);
  });

  it('gives a manually chosen slide its full interval before moving on', () => {
    const { result } = renderHook(() => useCarousel({ count: 5 }));
    advance(4000);
    act(() => result.current.goTo(3));

    advance(4999);
    expect(result.current.activeIndex).toBe(3);
    advance(1);
    expect(result.current.activeIndex).toBe(4);
  });

  it('stays on its slide while paused and resumes afterwards', () => {
    const { result, rerender } = renderHook(({ isPaused }) => useCarousel({ count: 5, isPaused }), {
      initialProps: { isPaused: true },
    });
    advance(20_000);
    expect(result.current.activeIndex).toBe(0);

    rerender({ isPaused: false });
    advance(5000);
    expect(result.current.activeIndex).toBe(1);
  });
});

describe('TestimonialCarousel', () => {
  const renderCarousel = () =>
    render(
      <MantineProvider theme={theme}>
        <TestimonialCarousel testimonials={TESTIMONIALS} />
      </MantineProvider>,
    );
  const dot = (n: number) => screen.getByRole('button', { name: `Show testimonial ${n}` });
  const visibleQuote = (index: number) => screen.getByText(`“${TESTIMONIALS[index]?.quote}”`);

  it('shows 5 testimonials with one dot each, marking the current one', () => {
    renderCarousel();
    expect(TESTIMONIALS).toHaveLength(5);
    expect(screen.getAllByRole('button', { name: /^Show testimonial \d$/ })).toHaveLength(5);
    expect(dot(1).getAttribute('aria-current')).toBe('true');
    expect(dot(2).hasAttribute('aria-current')).toBe(false);
    expect(visibleQuote(0).closest('[aria-hidden]')?.getAttribute('aria-hidden')).toBe('false');
  });

  it('moves on by itself after 5 seconds', () => {
    renderCarousel();
    advance(5000);
    expect(dot(2).getAttribute('aria-current')).toBe('true');
    expect(dot(1).hasAttribute('aria-current')).toBe(false);
  });

  it('disables both arrows during the 150 ms transition', () => {
    renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous testimonial' });
    const next = screen.getByRole('button', { name: 'Next testimonial' });

    fireEvent.click(next);
    expect(dot(2).getAttribute('aria-current')).toBe('true');
    expect(previous).toHaveProperty('disabled', true);
    expect(next).toHaveProperty('disabled', true);

    advance(CAROUSEL_TRANSITION_MS);
    expect(previous).toHaveProperty('disabled', false);
    expect(next).toHaveProperty('disabled', false);

    fireEvent.click(previous);
    expect(dot(1).getAttribute('aria-current')).toBe('true');
  });

  it('jumps to a testimonial from its dot', () => {
    renderCarousel();
    fireEvent.click(dot(4));
    expect(dot(4).getAttribute('aria-current')).toBe('true');
    expect(visibleQuote(3).closest('[aria-hidden]')?.getAttribute('aria-hidden')).toBe('false');
  });

  it('does not advance while the pointer is over it', () => {
    renderCarousel();
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Customer testimonials' }));
    advance(15_000);
    expect(dot(1).getAttribute('aria-current')).toBe('true');
  });

  it('can be paused and resumed with its pause button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    advance(15_000);
    expect(dot(1).getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Resume testimonials' }));
    advance(5000);
    expect(dot(2).getAttribute('aria-current')).toBe('true');
  });
});
