import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
import * as WebBrowser from 'expo-web-browser';
import { requestTrackingPermissionsAsync } from 'expo-tracking-transparency';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { createStore, useStore } from '../../lib/store.ts';
import { adsChoice } from './ads-consent.ts';
import { AdsSetting } from './ads-setting.tsx';
import { HouseAd } from './house-ad.tsx';

jest.mock('expo-web-browser', () => ({ openBrowserAsync: jest.fn(async () => undefined) }));

const AD = {
  impressionId: '5b0e7c9a-3f7e-4c53-9d39-1c1f4f1b2a10',
  title: 'Coffee on us',
  text: 'Meet at Café Nord this week',
  imageId: null,
  href: '/api/ads/click/5b0e7c9a-3f7e-4c53-9d39-1c1f4f1b2a10',
  personalised: false,
};

function server(ad: typeof AD | null = AD) {
  return fakeServer({
    'GET /api/ads': { body: { ad, reason: ad ? null : 'paid' } },
    'POST /api/ads/consent': { body: { ok: true } },
    [`POST /api/ads/impressions/${AD.impressionId}/seen`]: { body: { ok: true } },
  });
}

describe('house ads in the app (free tier)', () => {
  beforeEach(() => {
    signedIn();
    adsChoice.set('ask');
    jest.mocked(requestTrackingPermissionsAsync).mockResolvedValue({
      status: 'granted',
    } as never);
  });

  it('shows the ad marked as one, counts it once seen, and opens its counted link', async () => {
    const calls = server();
    await renderScreen(<HouseAd />);
    expect(await screen.findByText('Coffee on us')).toBeOnTheScreen();
    expect(screen.getByText('Ad')).toBeOnTheScreen();
    expect(calls.find((c) => c.path === '/api/ads')).toBeTruthy();
    await waitFor(
      () =>
        expect(calls.map((c) => c.path)).toContain(`/api/ads/impressions/${AD.impressionId}/seen`),
      { timeout: 3000 },
    );
    await fireEvent.press(screen.getByRole('link', { name: 'Ad: Coffee on us' }));
    expect(WebBrowser.openBrowserAsync).toHaveBeenCalledWith(
      expect.stringMatching(/\/api\/ads\/click\//),
    );
  });

  it('asks again once the server has placed a raised hand, for campaigns nearby', async () => {
    adsChoice.set('personalised');
    const calls = server();
    const adRequests = () => calls.filter((c) => c.path === '/api/ads').length;
    // The map screen's part: the placed hand changes, the ad stays mounted.
    const placedAt = createStore<number | null>(null);
    function OnTheMap() {
      return <HouseAd placedAt={useStore(placedAt)} />;
    }
    await renderScreen(<OnTheMap />);
    expect(await screen.findByText('Coffee on us')).toBeOnTheScreen();
    expect(adRequests()).toBe(1);
    const placed = Date.now() + 3_600_000;
    await act(() => placedAt.set(placed));
    await waitFor(() => expect(adRequests()).toBe(2));
    // The same placed hand does not ask again.
    await act(() => placedAt.set(placed));
    expect(adRequests()).toBe(2);
  });

  it('asks once whether ads may match the profile, and a yes needs iOS tracking permission', async () => {
    const calls = server();
    await renderScreen(<HouseAd />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Match my profile' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Match my profile' })).toBeNull(),
    );
    expect(requestTrackingPermissionsAsync).toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/api/ads/consent')?.body).toEqual({
      terms: true,
      analytics: false,
      ads: true,
    });
  });

  it('keeps ads general when iOS tracking is refused, whatever was tapped', async () => {
    jest.mocked(requestTrackingPermissionsAsync).mockResolvedValue({ status: 'denied' } as never);
    const calls = server();
    await renderScreen(<HouseAd />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Match my profile' }));
    await waitFor(() => expect(adsChoice.get()).toBe('general'));
    expect(calls.find((c) => c.path === '/api/ads/consent')?.body).toMatchObject({ ads: false });
  });

  it('draws nothing in the paid tier', async () => {
    const calls = server(null);
    await renderScreen(<HouseAd />);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/ads')).toBeTruthy());
    expect(screen.queryByText('Ad')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Match my profile' })).toBeNull();
  });

  it('lets the choice be changed in settings', async () => {
    adsChoice.set('general');
    const calls = server();
    await renderScreen(<AdsSetting />);
    await fireEvent(screen.getByLabelText('Ads matched to my profile'), 'valueChange', true);
    await waitFor(() => expect(adsChoice.get()).toBe('personalised'));
    expect(calls.find((c) => c.path === '/api/ads/consent')?.body).toMatchObject({ ads: true });
  });
});
