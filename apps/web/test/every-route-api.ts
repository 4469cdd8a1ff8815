// The API as the every-route test (src/app/every-route.test.tsx) sees it: answers shaped as core's
// contracts describe for the calls whose numbers and words the pages show, else 404 as the
// server answers a thing that is not there (the pages' own "not found" and error words).
import type { z } from 'zod';
import type {
  CryptoInfoResponse,
  FeeResponse,
  Transaction,
  WalletResponse,
} from '@meeet/core/api/crypto';
import type { marketNftResponseSchema, marketResponseSchema } from '@meeet/core/api/market';
import type { NewsItem, NewsList } from '@meeet/core/api/news';
import type { referralStatsResponseSchema } from '@meeet/core/api/referral';

interface Answer {
  status: number;
  body: unknown;
}

const NOT_FOUND: Answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
const UNAUTHORIZED: Answer = {
  status: 401,
  body: { code: 'UNAUTHORIZED', message: 'Sign in first' },
};
const USDT = (whole: number) => `${BigInt(whole) * 10n ** 18n}`;

const mine = {
  token: null,
  queuePosition: null,
  prepaid: null,
  transactionId: null,
  canBuy: false,
  reasons: ['insufficient-usdt' as const],
};
const level = (index: 0 | 1 | 2, name: string, price: number, stock: number) => ({
  level: index,
  name,
  price: USDT(price),
  stock,
  queueLength: 3 - index,
  forSale: stock === 0 ? [] : ['7', '8'],
  queues: stock === 0,
  kycRequired: index > 0,
  mine,
});

function market(signedIn: boolean): z.input<typeof marketResponseSchema> {
  const levels = [
    level(0, 'Silver', 100, 12),
    level(1, 'Gold', 1000, 0),
    level(2, 'Platinum', 10000, 2),
  ].map((entry) => (signedIn ? entry : { ...entry, mine: null }));
  return {
    available: true,
    symbol: 'USDT',
    decimals: 18,
    nativeSymbol: 'BNB',
    nativeDecimals: 18,
    gasPrice: '3000000000',
    buyFee: '450000000000000',
    levels,
    account: signedIn
      ? {
          address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
          usdt: USDT(42),
          bnb: '10000000000000000',
        }
      : null,
  };
}

const NEWS_ITEM: NewsItem = {
  id: 1,
  titleEn: 'Gold tokens are back',
  titleRu: 'Золотые токены снова в продаже',
  bodyEn: 'Twelve **Gold** tokens arrived today.',
  bodyRu: 'Сегодня пришли двенадцать **золотых** токенов.',
  coverId: null,
  status: 'PUBLISHED',
  publishAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function newsList(url: URL): NewsList {
  return {
    offset: Number(url.searchParams.get('offset') ?? 0),
    limit: Number(url.searchParams.get('limit') ?? 10),
    total: 1,
    list: [NEWS_ITEM],
  };
}

const sources = { basic_meeting: USDT(1), paid_meeting: USDT(2), business_purchase: USDT(10) };
const period = (name: 'week' | 'twoWeeks' | 'month', days: number) => ({
  period: name,
  from: new Date(Date.UTC(2026, 10, 28 - days)).toISOString(),
  income: USDT(13),
  incomeBySource: sources,
  daily: Array.from({ length: days }, (_, index) => ({
    day: new Date(Date.UTC(2026, 10, 28 - days + index)).toISOString().slice(0, 10),
    ...sources,
  })),
  clicks: 10,
  registrations: 4,
  buyers: 1,
  registrationConversion: 0.4,
  buyerConversion: 0.25,
});

const REFERRAL_STATS: z.input<typeof referralStatsResponseSchema> = {
  code: 'K7PQ2M9X',
  linkPath: '/ref/K7PQ2M9X',
  level: 'human',
  totalIncome: USDT(130),
  monthlyIncome: USDT(13),
  pendingIncome: USDT(5),
  incomeBySource: sources,
  activeReferrals: 3,
  totalAttracted: 7,
  levels: [4, 2, 1],
  periods: [period('week', 7), period('twoWeeks', 14), period('month', 30)],
};

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const OTHER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

const CHAIN: CryptoInfoResponse = {
  blockchain: 'BSC',
  network: 'BEP-20',
  chainId: 97,
  networkName: 'bsc-testnet',
  devFunding: false,
  symbol: 'USDT',
  decimals: 18,
  nativeSymbol: 'BNB',
  nativeDecimals: 18,
  contracts: { usdt: OTHER, token: OTHER, market: OTHER },
  explorerUrl: 'https://testnet.bscscan.com',
  confirmations: 15,
};

const FEE: FeeResponse = {
  symbol: 'BNB',
  decimals: 18,
  gasLimit: '65000',
  gasPrice: '3000000000',
  transferFee: '195000000000000',
  minBalance: '195000000000000',
};

const WALLET: WalletResponse = {
  address: ADDRESS,
  blockchain: 'BSC',
  network: 'BEP-20',
  symbol: 'USDT',
  decimals: 18,
  balance: USDT(42),
  amount: USDT(42),
  reserved: USDT(2),
  withdrawable: USDT(40),
  nativeSymbol: 'BNB',
  nativeDecimals: 18,
  nativeBalance: '10000000000000000',
  transferFee: FEE.transferFee,
  canPayFee: true,
  nfts: [
    { id: '12', type: 0, name: 'Silver #12', generators: [], queuePosition: null },
    {
      id: '31',
      type: 1,
      name: 'Gold #31',
      generators: [
        { address: OTHER, userId: 5 },
        { address: ADDRESS, userId: 1 },
      ],
      queuePosition: null,
    },
  ],
};

const transaction = (
  id: number,
  type: Transaction['type'],
  status: Transaction['status'],
  amount: string,
): Transaction => ({
  id,
  type,
  status,
  amount,
  symbol: 'USDT',
  decimals: 18,
  from: OTHER,
  to: ADDRESS,
  hash: status === 'REQUESTED' ? null : `0x${'ab'.repeat(32)}`,
  explorerUrl:
    status === 'REQUESTED' ? null : `https://testnet.bscscan.com/tx/0x${'ab'.repeat(32)}`,
  blockNumber: status === 'CONFIRMED' ? '123456' : null,
  error: status === 'FAIL' ? 'market.transaction-failed' : null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:05.000Z',
});

// A Gold token bought once, minted at a meeting of two users (the token page).
const NFT: z.input<typeof marketNftResponseSchema> = {
  id: '1',
  type: 1,
  name: 'Gold #1',
  generators: [
    { address: OTHER, userId: 5 },
    { address: OTHER, userId: null },
  ],
  owner: { address: OTHER, userId: 9, market: false, mine: false },
  queuePosition: null,
  history: [
    {
      event: 'bought',
      at: '2026-11-21T10:00:05.000Z',
      hash: `0x${'ab'.repeat(32)}`,
      explorerUrl: 'https://bscscan.com/tx/0xab',
    },
  ],
};

function transactions(url: URL) {
  const list = [
    transaction(3, 'INPUT', 'PROCESSING', USDT(50)),
    transaction(2, 'BUY_NFT', 'CONFIRMED', USDT(100)),
    transaction(1, 'OUTPUT', 'FAIL', USDT(5)),
  ].filter((row) => !url.searchParams.get('type') || row.type === url.searchParams.get('type'));
  return {
    offset: Number(url.searchParams.get('offset') ?? 0),
    limit: Number(url.searchParams.get('limit') ?? 20),
    total: list.length,
    list,
  };
}

/** The staff user page's answer (/control/users/1). */
const STAFF_USER = {
  user: {
    id: 1,
    email: 'bea@meeet.test',
    nickname: 'bea',
    firstName: 'Bea',
    lastName: 'Buyer',
    role: 'user',
    kycStatus: 'approved',
    banned: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    surName: null,
    phone: null,
    country: 'DE',
    locale: 'en',
    emailVerified: true,
    referralLevel: 'human',
    referrerId: null,
  },
  deviceLock: null,
  depositAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  kyc: { status: 'approved', maxNftType: 1 },
  levels: [0],
  sessions: [
    {
      id: 's1',
      fingerprint: 'fp-1',
      userAgent: 'Safari',
      ip: '203.0.113.7',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-21T10:00:00.000Z',
      revokedAt: '2026-11-21T11:00:00.000Z',
    },
  ],
  audit: [
    {
      id: 1,
      action: 'ban',
      reason: 'Scam messages',
      actorId: 1,
      details: {},
      createdAt: '2026-11-21T11:00:00.000Z',
    },
  ],
};

export function apiAnswer(url: URL, method: string, user: object | null): Answer {
  const path = url.pathname.replace(/^\/api/, '');
  const ok = (body: unknown): Answer => ({ status: 200, body });
  if (method !== 'GET') return NOT_FOUND;
  switch (path) {
    case '/user/me':
      return user ? ok(user) : UNAUTHORIZED;
    case '/crypto/market':
      return ok(market(user !== null));
    case '/notif/news/':
      return ok(newsList(url));
    case '/notif/news/1':
      return ok(NEWS_ITEM);
    case '/crypto/market/nft/1':
      return ok(NFT);
    case '/crypto':
      return ok(CHAIN);
    case '/crypto/fee':
      return ok(FEE);
    case '/crypto/wallet':
      return user ? ok(WALLET) : UNAUTHORIZED;
    case '/crypto/transaction':
      return user ? ok(transactions(url)) : UNAUTHORIZED;
    case '/staff/users/1':
      return user ? ok(STAFF_USER) : UNAUTHORIZED;
    case '/referral/stats':
      return user ? ok(REFERRAL_STATS) : UNAUTHORIZED;
    case '/factors':
      return user ? ok({ totp: true, recoveryCodesLeft: 7, passkeys: [] }) : UNAUTHORIZED;
    default:
      return NOT_FOUND;
  }
}
