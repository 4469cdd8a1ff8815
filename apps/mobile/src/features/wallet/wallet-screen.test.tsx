import { screen } from '@testing-library/react-native';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
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

describe('wallet glance', () => {
  beforeEach(() => signedIn());

  it('shows loading until the wallet arrives', async () => {
    fakeServer({ 'GET /api/crypto/wallet': 'pending' });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByLabelText('Loading…')).toBeOnTheScreen();
  });

  it('shows the balance and the tokens', async () => {
    fakeServer({ 'GET /api/crypto/wallet': { body: wallet } });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByText('125.5 USDT')).toBeOnTheScreen();
    expect(screen.getByText('Silver #7')).toBeOnTheScreen();
    expect(screen.getByRole('button', { name: 'Deposit and buy on the web' })).toBeOnTheScreen();
  });

  it('says when there are no tokens yet, in Russian too', async () => {
    fakeServer({ 'GET /api/crypto/wallet': { body: { ...wallet, nfts: [] } } });
    await renderScreen(<WalletScreen />, 'ru');
    expect(
      await screen.findByText(
        'Токенов пока нет. Купите токен на веб-маркетплейсе, чтобы создавать новые при встречах',
      ),
    ).toBeOnTheScreen();
  });

  it("shows the server's error with a retry", async () => {
    fakeServer({
      'GET /api/crypto/wallet': {
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable' },
      },
    });
    await renderScreen(<WalletScreen />);
    expect(await screen.findByText('The service is temporarily unavailable')).toBeOnTheScreen();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeOnTheScreen();
  });
});
