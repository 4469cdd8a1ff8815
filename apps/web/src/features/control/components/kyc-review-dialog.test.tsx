import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { kycItemFixture } from '../kyc.test-support.ts';
import { KycReviewDialog } from './kyc-review-dialog.tsx';

// Asking for Gold: the dialog offers approving it, so Confirm sends at once.
const own = kycItemFixture;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: KYC review dialog', () => {
  it('shows a refusal beside the buttons, not under the scrolled photos', async () => {
    serveApi({
      'PATCH /api/kyc/moderate/7': () =>
        HttpResponse.json(
          { code: 'FORBIDDEN', message: 'You cannot moderate your own verification' },
          { status: 403 },
        ),
    });
    renderPage(<KycReviewDialog item={own} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('You cannot moderate your own verification');
    // MUI's documented class of the scrolling part of a dialog.
    expect(alert.closest('.MuiDialogContent-root')).toBeNull();
  });
});
