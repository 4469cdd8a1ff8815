// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures. Numbers and rules
// are interpolated from @meeet/core/constants (see ../values.ts).
const en = {
  title: 'Meet & play',
  intro:
    'MEEET turns real-life meetings into a game. Every meeting between two holders of the same token level can mint a new token, and every minted token pays its creators when it sells.',
  'loop.title': 'The game loop',
  loop: [
    {
      id: 'meet',
      title: 'Meet',
      text: 'Raise a hand with a mood, chat with someone nearby and meet. Your phones stay within {distance} metres of each other for {together} of {duration} minutes.',
    },
    {
      id: 'mint',
      title: 'Mint',
      text: 'If you both hold a token of the same level, the meeting mints a new token of that level, with the two of you recorded as its creators.',
    },
    {
      id: 'sell',
      title: 'Sell & play again',
      text: 'The new token goes on sale on the marketplace. When it sells, you share {payoutPercent}% of its price. Then raise your hand again and meet someone new.',
    },
  ],
  'economy.title': 'Token economy',
  'economy.intro':
    'Prices are fixed and paid in USDT on BNB Smart Chain (BEP-20). The payout is paid on every sale of a token you minted and is split equally between its two creators.',
  'economy.caption': 'Price and creators’ payout per level',
  'economy.level': 'Level',
  'economy.price': 'Price',
  'economy.payout': 'Payout per sale ({payoutPercent}%)',
  'economy.perCreator': 'Each creator gets',
  'economy.usdt': '{amount, number} USDT',
  'level.silver': 'Silver',
  'level.gold': 'Gold',
  'level.platinum': 'Platinum',
  'rules.title': 'Rules of play',
  rules: [
    'You can hold up to {maxTokens} tokens at once, one of each level.',
    'Your first mint is possible {firstMintHours} hours after your first purchase.',
    'Each pair of people mints together once, unless the earlier mint failed for technical reasons.',
    'Gold and Platinum need approved identity verification (KYC) for both people.',
    'Two accounts on the same phone cannot meet each other, and moving your meetings to a new phone pauses minting for a while (signing in on the web never does).',
    'When a level is out of stock, you can join its queue with full prepayment; the next minted token of that level goes to the first person in the queue.',
  ],
  'cta.title': 'Start playing',
  'cta.text': 'Get the app to meet people nearby, and pick your first token on the marketplace.',
  'cta.market': 'Go to marketplace',
  'cta.howTo': 'Step-by-step guide',
};

export default en;
