import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KycModerationItem } from '@meeet/core/api/kyc';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { KycReviewDialog } from './kyc-review-dialog.tsx';

const own: KycModerationItem = {
  id: 7,
  email: 'admin@meeet.test',
  firstName: 'Anna',
  lastName: 'Admin',
  surName: null,
  bdate: '1990-05-17T00:00:00.000Z',
  country: 'DE',
  status: 'approved',
  moderatorComment: null,
  maxNftType: 0,
  // Asking for Gold: the dialog offers approving it, so Confirm sends at once.
  requestedNftType: 1,
  levelRequestedAt: null,
  documentId: null,
  selfieId: null,
  submittedAt: '2026-11-21T10:00:00.000Z',
  decidedAt: null,
  history: [],
};

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
