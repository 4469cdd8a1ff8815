import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server.ts';
import i18n from '../../i18n/i18n.ts';
import FaqPage from './faq-page.tsx';
import { NS } from './i18n.ts';

function renderPage(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Link to="/help/faq#contact-support">to contact</Link>
      <FaqPage />
    </MemoryRouter>,
  );
}

const topic = (id: string) => document.getElementById(id) as HTMLDetailsElement;

beforeEach(async () => {
  // The house ad asks the server; here it answers that there is none.
  serveApi({ 'GET /api/ads': () => ({ ad: null }) });
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS]);
});
afterEach(cleanup);

describe('FAQ page', () => {
  it('shows every question closed, each answer in the page under its question', async () => {
    renderPage('/help/faq');
    const questions = await screen.findAllByRole('heading', { level: 2 });
    // 17 topics and the "more questions" box.
    expect(questions).toHaveLength(18);
    const kyc = topic('kyc');
    expect(kyc.open).toBe(false);
    expect(kyc.querySelector('summary')?.textContent).toBe(
      'What is identity verification (KYC), and when do I need it?',
    );
    expect(kyc.querySelector('[role="region"]')?.textContent).toMatch(
      /^Verification is required to hold and mint Gold and Platinum tokens\./,
    );
    // Addresses in an answer are mail links.
    expect(screen.getAllByRole('link', { name: /@/ }).length).toBeGreaterThan(0);
  });

  it('opens the topic the address names, and the next one a link names', async () => {
    renderPage('/help/faq#kyc');
    await screen.findAllByRole('heading', { level: 2 });
    expect(topic('kyc').open).toBe(true);
    expect(topic('contact-support').open).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'to contact' }));
    expect(topic('contact-support').open).toBe(true);
    expect(topic('kyc').open).toBe(true);
  });

  it('keeps a topic the visitor closed closed, and opens it again from the address', async () => {
    renderPage('/help/faq#kyc');
    await screen.findAllByRole('heading', { level: 2 });
    const kyc = topic('kyc');
    // The browser closes the disclosure and tells the page.
    act(() => {
      kyc.open = false;
      kyc.dispatchEvent(new Event('toggle'));
    });
    expect(kyc.open).toBe(false);
    act(() => {
      kyc.open = true;
      kyc.dispatchEvent(new Event('toggle'));
    });
    expect(kyc.open).toBe(true);
  });
});
