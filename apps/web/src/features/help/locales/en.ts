// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures. Numbers and rules
// are interpolated from @meeet/core/constants (see ../values.ts). Step ids are anchors.
const en = {
  title: 'How to meet & play',
  intro: 'From installing the app to minting your first token, step by step.',
  'step.label': 'Step {n}',
  'step.more': 'Learn more',
  steps: [
    {
      id: 'install',
      title: 'Install the app and sign up',
      text: 'Download MEEET from the App Store (iOS {iosMin} or later, iPhone {iphoneMin} or newer) and create an account. MEEET is for adults only: you need to be {minAge} or older. Complete your profile with your name, nickname, date of birth and gender.',
    },
    {
      id: 'raise-hand',
      title: 'Raise a hand with a mood',
      text: 'Choose how you feel like meeting: romantic, business or just chat, and raise your hand. You appear on the live map; other people see only your approximate position, to about {coarseMetres} m.',
    },
    {
      id: 'chat',
      title: 'Chat and agree on a place',
      text: 'Browse the raised hands around you and start a chat. When you both want to meet, agree on a time and a public place.',
    },
    {
      id: 'meet',
      title: 'Meet in person',
      text: 'Keep the app open with your hand raised. The meeting counts when your phones stay within {distance} metres of each other for {together} of {duration} minutes; short gaps are fine.',
    },
    {
      id: 'get-token',
      title: 'Get a token to play',
      text: 'To mint, you need a token. Deposit USDT on the BSC network (BEP-20) to your wallet on this website, plus a little BNB for gas (about {gasUsd} USD per transaction; {bnbMin}–{bnbMax} USD of BNB is plenty), then buy Silver, Gold or Platinum on the marketplace.',
    },
    {
      id: 'verify',
      title: 'Verify your identity for Gold and Platinum',
      text: 'Gold and Platinum need identity verification: a photo of your document and a selfie, reviewed by a moderator within {kycHours} hours. Verified profiles get a blue checkmark.',
    },
    {
      id: 'mint',
      title: 'Mint a new token',
      text: 'From {firstMintHours} hours after your first purchase, a meeting with someone who holds a token of the same level mints a new token. Each pair mints together once.',
    },
    {
      id: 'earn',
      title: 'Earn when it sells',
      text: 'The new token goes on sale on the marketplace. Each time it sells, you and the person you met share {payoutPercent}% of its price, paid to your wallets in USDT.',
    },
  ],
  'safety.title': 'Meet safely',
  safetyTips: [
    'Meet in a busy public place, such as a café, and stay there for the meeting.',
    'Tell a friend where you are going and who you are meeting.',
    'Never send money or share your passwords and e-mail codes with people you meet.',
    'If someone makes you uncomfortable, leave, and report them to support.',
  ],
  'more.title': 'Questions?',
  'more.faq': 'Read the FAQ',
  'more.market': 'Go to marketplace',
};

export default en;
