import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { LandingPage } from './LandingPage';

const renderLanding = () =>
  render(
    <MantineProvider theme={theme}>
      <LandingPage />
    </MantineProvider>,
  );

describe('LandingPage', () => {
  it('offers Sign In and Get Started Free in the nav bar, next to the colour-mode toggle', () => {
    renderLanding();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(nav.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/register');
    expect(nav.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeTruthy();
  });

  it('has one h1 and a hero that leads to sign-up and sign-in', () => {
    renderLanding();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    const hero = within(screen.getByRole('region', { name: headings[0]?.textContent ?? '' }));
    expect(hero.getByRole('link', { name: 'Create your free account' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(hero.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('prices the three plans, marks Pro as most popular and states the trial terms', async () => {
    renderLanding();
    // Under the hero: its code arrives after the page's own.
    const pricing = within(await screen.findByRole('region', { name: 'Simple pricing that grows with you' }));
    for (const name of ['Starter', 'Pro', 'Premium']) {
      expect(pricing.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    expect(pricing.getByText('Free')).toBeTruthy();
    expect(pricing.getByText('$5')).toBeTruthy();
    expect(pricing.getByText('$15')).toBeTruthy();
    expect(pricing.getByText('Most popular').closest('.mantine-Card-root')?.textContent).toContain('Pro');
    expect(pricing.getByText(/14-day free trial and have no cancellation fees/)).toBeTruthy();
    for (const link of pricing.getAllByRole('link')) expect(link.getAttribute('href')).toBe('/register');
  });

  it('links the footer to sections that exist on the page and credits Tally', async () => {
    const { container } = renderLanding();
    const footerLinks = within(await screen.findByRole('navigation', { name: 'Product' })).getAllByRole(
      'link',
    );
    expect(footerLinks.length).toBeGreaterThan(0);
    for (const link of footerLinks) {
      const target = link.getAttribute('href') ?? '';
      expect(target).toMatch(/^#/);
      expect(container.querySelector(target)).not.toBeNull();
    }
    expect(within(screen.getByRole('contentinfo')).getByText(/© \d{4} Tally/)).toBeTruthy();
  });
});
