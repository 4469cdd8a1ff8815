import { screen } from '@testing-library/react-native';
import type { Meeting } from '@meeet/core/api/meetings';
import { card, fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { WalletScreen } from './wallet-screen.tsx';

const wallet = {
  address: '0x1111111111111111111111111111111111111111',
  blockchain: 'BSC',
  network: 'BEP-20',
  symbol: 'USDT',
  decimals: 18,
  balance: '125500000000000000000',
  amount: '125500000000000000000',
  reserved: '0',
  withdrawable: '125500000000000000000',
  nativeSymbol: 'BNB',
  nativeDecimals: 18,
  nativeBalance: '10000000000000000',
  transferFee: '100000000000000',
  canPayFee: true,
  nfts: [{ id: '7', type: 0, name: 'Silver #7', generators: [], queuePosition: null }],
};

const minted: Meeting = {
  id: 3,
  partner: card(2, 'boris'),
  method: 'code',
  status: 'completed',
  outcome: 'minted',
  reasons: [],
  level: 0,
  startedAt: '2026-11-23T10:00:00.000Z',
  endedAt: '2026-11-23T10:20:00.000Z',
  minutesCounted: 18,
  minutesNeeded: 17,
  token: { id: '12', name: 'Silver #12' },
};
const history = (list: Meeting[]) => ({
  'GET /api/meetings': { body: { offset: 0, limit: 20, total: list.length, list } },
});

describe('wallet glance', () => {
  beforeEach(() => signedIn());

  it('shows loading until the wallet arrives', async () => {
    fakeServer({ 'GET /api/crypto/wallet': 'pending', ...history([]) });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByLabelText('Loading…')).toBeOnTheScreen();
  });

  it('shows the balance and the tokens', async () => {
    fakeServer({ 'GET /api/crypto/wallet': { body: wallet }, ...history([]) });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByText('125.5 USDT')).toBeOnTheScreen();
    expect(screen.getByText('Silver #7')).toBeOnTheScreen();
    expect(screen.getByRole('button', { name: 'Deposit and buy on the web' })).toBeOnTheScreen();
    expect(
      screen.queryByText('Minted at your meetings, on sale on the market'),
    ).not.toBeOnTheScreen();
  });

  it('says why and until when withdrawals are paused', async () => {
    const hold = { reason: 'password-change', until: '2026-11-29T10:12:00.000Z' };
    fakeServer({ 'GET /api/crypto/wallet': { body: { ...wallet, hold } }, ...history([]) });
    await renderScreen(<WalletScreen />);
    expect(
      await screen.findByText(/^Withdrawals are paused until .*29.* after your password change$/),
    ).toBeOnTheScreen();
  });

  it('shows no pause when there is none', async () => {
    fakeServer({ 'GET /api/crypto/wallet': { body: { ...wallet, hold: null } }, ...history([]) });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByText('125.5 USDT')).toBeOnTheScreen();
    expect(screen.queryByTestId('wallet-hold')).not.toBeOnTheScreen();
  });

  it('lists the tokens minted at meetings, which earn their generators on every sale', async () => {
    const refused = { ...minted, id: 4, outcome: 'refused' as const, token: null };
    fakeServer({ 'GET /api/crypto/wallet': { body: wallet }, ...history([minted, refused]) });
    await renderScreen(<WalletScreen />);
    expect(
      await screen.findByText('Minted at your meetings, on sale on the market'),
    ).toBeOnTheScreen();
    expect(screen.getByText('Silver #12')).toBeOnTheScreen();
    expect(
      screen.getByText('With boris: you two share 40% of its price when it sells'),
    ).toBeOnTheScreen();
  });

  it('lists the minted tokens in Russian', async () => {
    fakeServer({ 'GET /api/crypto/wallet': { body: wallet }, ...history([minted]) });
    await renderScreen(<WalletScreen />, 'ru');
    expect(
      await screen.findByText('Выпущены на ваших встречах и выставлены на маркетплейс'),
    ).toBeOnTheScreen();
    expect(
      screen.getByText('С boris: при продаже вы вдвоём делите 40% его цены'),
    ).toBeOnTheScreen();
  });

  it('says when there are no tokens yet, in Russian too', async () => {
    fakeServer({ 'GET /api/crypto/wallet': { body: { ...wallet, nfts: [] } }, ...history([]) });
    await renderScreen(<WalletScreen />, 'ru');
    expect(
      await screen.findByText(
        'Токенов пока нет. Купите токен на веб-маркетплейсе: тогда встреча с владельцем токена того же уровня выпустит новый токен для маркетплейса, и при каждой его продаже вы вдвоём будете делить 40% цены',
      ),
    ).toBeOnTheScreen();
  });

  it("shows the server's error with a retry", async () => {
    fakeServer({
      'GET /api/crypto/wallet': {
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable' },
      },
      ...history([]),
    });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByText('The service is temporarily unavailable')).toBeOnTheScreen();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeOnTheScreen();
  });
});
