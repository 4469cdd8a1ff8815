// Numbers and rules are interpolated from @meeet/core/constants (see ../values.ts).
const en = {
  hero: {
    home: {
      eyebrow: 'Meet people nearby',
      title: 'Real meetings with people around you, and a token to show for each one',
      subtitle:
        'Raise a hand, see who is nearby on a live map, chat and meet in person. Two people holding tokens of the same level who meet can mint a new token.',
    },
    'cpa-landing': {
      eyebrow: 'Welcome to MEEET',
      title: 'Meet people nearby and make your meetings count',
      subtitle:
        'Raise a hand with your mood, chat with people around you and meet in real life. Meetings between token holders mint new collectible tokens.',
    },
    'cpa-landing-meet': {
      eyebrow: 'Someone nearby is up for it',
      title: 'Meet someone new today, right around the corner',
      subtitle:
        'Pick a mood (romantic, business or just chat), raise a hand and appear on a live map. Chat first and meet when you both feel like it.',
    },
    'cpa-landing-earn': {
      eyebrow: 'Meet. Mint. Earn.',
      title: 'Turn real-life meetings into tokens that earn USDT',
      subtitle:
        'Meet another holder of the same token level, mint a new token together, and share {{payoutPercent}}% of its price when it sells on the marketplace.',
    },
    requirements: 'Free on the App Store. Requires iOS {{iosMin}} or later, iPhone {{iphoneMin}} or newer.',
    market: 'Go to marketplace',
    adults: 'For adults {{minAge}}+ only.',
    artLabel: 'Illustration: people on a live map, two of them meeting',
  },
  banner: {
    title: 'Meet.Mint.Play.',
    text: 'Every real meeting can become a collectible token on BNB Smart Chain.',
  },
  partners: {
    title: 'As featured in',
  },
  how: {
    title: 'How it works',
    steps: [
      {
        title: 'Raise a hand',
        text: 'Choose a mood (romantic, business or just chat) and raise your hand in the app.',
      },
      {
        title: 'Appear on the live map',
        text: 'People nearby see you on the map. Others only ever see an approximate position, to about {{coarseMetres}} m.',
      },
      {
        title: 'Chat',
        text: 'Message people around you and agree where to meet.',
      },
      {
        title: 'Meet in person',
        text: 'A meeting counts when your phones stay within {{distance}} metres of each other for {{duration}} minutes.',
      },
      {
        title: 'Mint',
        text: 'If you both hold a token of the same level, the meeting mints a new token of that level.',
      },
    ],
    moods: {
      title: 'Moods',
      romantic: 'Romantic',
      business: 'Business',
      chat: 'Just chat',
    },
  },
  tokens: {
    title: 'Token levels',
    intro:
      'Tokens are NFTs bought on the web marketplace with USDT on BNB Smart Chain (BEP-20). You can hold up to {{maxTokens}} tokens at once, one of each level.',
    price: '{{price, number}} USDT',
    priceLabel: 'Price',
    payout: 'Creators get {{payout, number}} USDT when a minted token sells',
    kyc: 'Identity verification required',
    levels: {
      silver: 'Silver',
      gold: 'Gold',
      platinum: 'Platinum',
    },
    descriptions: {
      silver: 'The entry level: buy it, meet another Silver holder and mint.',
      gold: 'For verified members who want bigger payouts.',
      platinum: 'The top level, with the largest payout per minted token.',
    },
  },
  earn: {
    title: 'How you earn',
    items: [
      {
        title: '{{payoutPercent}}% of every sale',
        text: 'A token you mint goes to the marketplace. When it sells, its two creators share {{payoutPercent}}% of the price: {{silverPayout, number}}, {{goldPayout, number}} or {{platinumPayout, number}} USDT depending on the level.',
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
  },
  cta: {
    title: 'Ready to meet?',
    text: 'Download the app to raise a hand and meet people nearby, or pick your first token on the marketplace.',
    market: 'Go to marketplace',
  },
};

export default en;
