// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures. Numbers and rules
// are interpolated from @meeet/core/constants (see ../values.ts).
const en = {
  'hero.home.eyebrow': 'Meet people nearby',
  'hero.home.title': 'Real meetings with people around you, and a token to show for each one',
  'hero.home.subtitle':
    'Raise a hand, see who is nearby on a live map, chat and meet in person. Two people holding tokens of the same level who meet can mint a new token.',
  'hero.cpa-landing.eyebrow': 'Welcome to MEEET',
  'hero.cpa-landing.title': 'Meet people nearby and make your meetings count',
  'hero.cpa-landing.subtitle':
    'Raise a hand with your mood, chat with people around you and meet in real life. Meetings between token holders mint new collectible tokens.',
  'hero.cpa-landing-meet.eyebrow': 'Someone nearby is up for it',
  'hero.cpa-landing-meet.title': 'Meet someone new today, right around the corner',
  'hero.cpa-landing-meet.subtitle':
    'Pick a mood (romantic, business or just chat), raise a hand and appear on a live map. Chat first and meet when you both feel like it.',
  'hero.cpa-landing-earn.eyebrow': 'Meet. Mint. Earn.',
  'hero.cpa-landing-earn.title': 'Turn real-life meetings into tokens that earn USDT',
  'hero.cpa-landing-earn.subtitle':
    'Meet another holder of the same token level, mint a new token together, and share {payoutPercent}% of its price when it sells on the marketplace.',
  'hero.requirements':
    'Free on the App Store. Requires iOS {iosMin} or later, iPhone {iphoneMin} or newer.',
  'hero.market': 'Go to marketplace',
  'hero.adults': 'For adults {minAge}+ only.',
  'hero.artLabel': 'Illustration: people on a live map, two of them meeting',
  'banner.title': 'Meet.Mint.Play.',
  'banner.text': 'Every real meeting can become a collectible token on BNB Smart Chain.',
  'partners.title': 'As featured in',
  'how.title': 'How it works',
  howSteps: [
    {
      title: 'Raise a hand',
      text: 'Choose a mood (romantic, business or just chat) and raise your hand in the app.',
    },
    {
      title: 'Appear on the live map',
      text: 'People nearby see you on the map. Others only ever see an approximate position, to about {coarseMetres} m.',
    },
    {
      title: 'Chat',
      text: 'Message people around you and agree where to meet.',
    },
    {
      title: 'Meet in person',
      text: 'A meeting counts when your phones stay within {distance} metres of each other for {together} of {duration} minutes.',
    },
    {
      title: 'Mint',
      text: 'If you both hold a token of the same level, the meeting mints a new token of that level.',
    },
  ],
  'how.moods.title': 'Moods',
  'how.moods.romantic': 'Romantic',
  'how.moods.business': 'Business',
  'how.moods.chat': 'Just chat',
  'tokens.title': 'Token levels',
  'tokens.intro':
    'Tokens are NFTs bought on the web marketplace with USDT on BNB Smart Chain (BEP-20). You can hold up to {maxTokens} tokens at once, one of each level.',
  'tokens.price': '{price, number} USDT',
  'tokens.priceLabel': 'Price',
  'tokens.payout': 'Creators get {payout, number} USDT when a minted token sells',
  'tokens.buy': 'Buy {level}',
  'tokens.kyc': 'Identity verification required',
  'tokens.levels.silver': 'Silver',
  'tokens.levels.gold': 'Gold',
  'tokens.levels.platinum': 'Platinum',
  'tokens.descriptions.silver': 'The entry level: buy it, meet another Silver holder and mint.',
  'tokens.descriptions.gold': 'For verified members who want bigger payouts.',
  'tokens.descriptions.platinum': 'The top level, with the largest payout per minted token.',
  'earn.title': 'How you earn',
  earnItems: [
    {
      title: '{payoutPercent}% of every sale',
      text: 'A token you mint goes to the marketplace. When it sells, its two creators share {payoutPercent}% of the price: {silverPayout, number}, {goldPayout, number} or {platinumPayout, number} USDT depending on the level.',
    },
    {
      title: 'Referral programme',
      text: 'Share your personal promo-code link. You earn a share of the purchases made by the people you bring, down three levels of your referral tree.',
    },
    {
      title: 'Custodial wallet',
      text: 'Rewards arrive in your MEEET wallet in USDT. Withdraw to any BSC address whenever you like.',
    },
  ],
  'cta.title': 'Ready to meet?',
  'cta.text':
    'Download the app to raise a hand and meet people nearby, or pick your first token on the marketplace.',
  'cta.market': 'Go to marketplace',
  'news.title': 'Latest news',
  'news.all': 'All news',
};

export default en;
