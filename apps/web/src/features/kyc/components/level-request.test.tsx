import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KycState } from '@meeet/core/api/kyc';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { LevelRequest } from './level-request.tsx';

const approved: KycState = {
  status: 'approved',
  moderatorComment: null,
  maxNftType: 1,
  requestedNftType: null,
  levelRequestedAt: null,
  profileComplete: true,
  document: null,
  selfie: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  history: [],
};

function renderRequest(state: KycState) {
  return renderPage(<LevelRequest state={state} />);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('asking for a higher KYC level', () => {
  it('offers the levels above the approval and sends the one chosen', async () => {
    const sent = serveApi({
      'POST /api/kyc/level-request': () => ({
        ...approved,
        requestedNftType: 2,
        levelRequestedAt: approved.decidedAt,
      }),
    });
    renderRequest(approved);
    screen.getByRole('heading', { name: 'Need a higher level?' });
    screen.getByText(/allows NFT levels up to Gold/);
    fireEvent.click(screen.getByRole('button', { name: 'Ask for this level' }));
    await waitFor(() =>
      expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
        { method: 'POST', path: '/api/kyc/level-request', body: { level: 2 } },
      ]),
    );
  });

  it('says a request is waiting instead of offering another', () => {
    renderRequest({ ...approved, requestedNftType: 2 });
    screen.getByText(/You asked for Platinum/);
    expect(screen.queryByRole('button', { name: 'Ask for this level' })).toBeNull();
  });

  it('shows nothing when the approval already covers every level', () => {
    const { container } = renderRequest({ ...approved, maxNftType: 2 });
    expect(container.textContent).toBe('');
  });
});
