// Numbers and rules are interpolated from @meeet/core/constants (see ../values.ts).
// Answers: paragraphs separated by a blank line. Topic ids are anchors (/help/faq#id) and
// must be the same in every language.
const en = {
  title: 'Frequently asked questions',
  intro: 'Everything about meeting, minting, tokens, payments and your account.',
  moreTitle: 'Still have a question?',
  moreText: 'Write to us at {supportEmail} or use the contact form.',
  moreLink: 'Get in touch',
  topics: [
    {
      id: 'what-is-meeet',
      q: 'What is MEEET?',
      a: 'MEEET is a service for meeting people nearby. In the iPhone app you raise a hand with a mood, appear on a live map and chat with people around you.\n\nWhen two people who hold tokens of the same level meet in person, they can mint a new token. Tokens are collectible NFTs on BNB Smart Chain. This website is the companion to the app: the marketplace, your wallet, identity verification and the referral and affiliate programmes live here.',
    },
    {
      id: 'who-can-join',
      q: 'Who can join?',
      a: 'Adults only: you must be at least {minAge} years old, and we check your date of birth when you sign up.\n\nThe meeting app is available on the App Store only and needs iOS {iosMin} or later on an iPhone {iphoneMin} or newer. The web app works in any modern browser.',
    },
    {
      id: 'is-it-free',
      q: 'Is MEEET free?',
      a: 'Yes. Using MEEET is free; the free tier shows personalised ads. You choose which cookies and consents you accept in the cookie banner.\n\nTokens are optional: you only pay if you decide to buy one on the marketplace.',
    },
    {
      id: 'raise-a-hand',
      q: 'How do I raise a hand, and what are moods?',
      a: 'In the app, tap to raise a hand and choose a mood: romantic, business or just chat. The mood tells people what kind of meeting you are up for.\n\nWhile your hand is raised you appear on the live map. Others see only an approximate position, to about {coarseMetres} m; your exact location never leaves our server. Lower your hand to disappear from the map.',
    },
    {
      id: 'how-meetings-work',
      q: 'How do meetings work?',
      a: 'Chat with someone nearby and agree where to meet. A meeting counts when your two phones stay within {distance} metres of each other for {together} of {duration} minutes. Short gaps, such as a weak signal for a moment, are tolerated.\n\nKeep the app open with your hand raised until the meeting is complete.',
    },
    {
      id: 'tokens',
      q: 'What are tokens, and how much do they cost?',
      a: 'Tokens are NFTs on BNB Smart Chain at three levels, each with a fixed price:\n\nSilver: {silver, number} USDT. Gold: {gold, number} USDT. Platinum: {platinum, number} USDT.\n\nYou can hold up to {maxTokens} tokens at once, one of each level. Gold and Platinum also need approved identity verification (KYC).',
    },
    {
      id: 'how-to-buy',
      q: 'How do I buy a token?',
      a: 'Sign in, open your wallet and deposit USDT on the BSC network (BEP-20) to your personal address. Also deposit a little BNB: every transaction on the network costs gas, about {gasUsd} USD. We suggest keeping {bnbMin}–{bnbMax} USD worth of BNB.\n\nThen open the marketplace, choose a level and confirm the purchase. Send only USDT and BNB on BSC to your address; other coins or networks are not credited and cannot be refunded.',
    },
    {
      id: 'out-of-stock',
      q: 'What if the token I want is out of stock?',
      a: 'You can join the queue for that level. You pay the full price upfront, and the token is credited to your wallet automatically when your turn comes. The marketplace shows your place in the queue.',
    },
    {
      id: 'when-can-i-mint',
      q: 'When can I mint a new token?',
      a: 'The first mint is possible {firstMintHours} hours after your first purchase. A meeting then mints a new token when:\n\n• you and the other person both hold a token of the same level;\n• your phones stay within {distance} metres of each other for {together} of {duration} minutes;\n• neither of you is under a device-protection lock, and you use different devices;\n• for Gold and Platinum, both of you have approved identity verification for that level.',
    },
    {
      id: 'mint-same-person',
      q: 'Can I mint twice with the same person?',
      a: 'No. Each pair of people mints together only once. The one exception is when the earlier mint failed for technical reasons: then you can meet and mint again.',
    },
    {
      id: 'kyc',
      q: 'What is identity verification (KYC), and when do I need it?',
      a: 'Verification is required to hold and mint Gold and Platinum tokens. It takes four steps: complete your profile, upload a photo of your identity document, take a selfie, and wait for a moderator to review your application, normally within {kycHours} hours.\n\nOnce approved, your profile gets a blue checkmark, and the moderator sets the highest level your verification allows. Your first name and last name cannot be changed after verification. Verified profiles may be re-checked, and verification may be revoked.',
    },
    {
      id: 'status-denied',
      q: 'What happens if my verification or status is denied?',
      a: 'You keep {meetingsLeft} more meetings that still count. After those, the status is annulled. You can contact support if you think the decision was a mistake.',
    },
    {
      id: 'device-lock',
      q: 'Why is minting paused with a timer on my account?',
      a: 'That is the device-protection lock. When a new phone starts proving your meetings, minting pauses for a while to protect your account (signing in on the web or a new computer never does); the app shows a timer of up to {lockHours} hours. Meeting and chatting still work, and minting resumes when the timer ends.\n\nFor the same reason, two accounts on one phone cannot meet each other.',
    },
    {
      id: 'seller-payout',
      q: 'How do I earn from tokens I mint?',
      a: 'A minted token goes on sale on the marketplace (or straight to the first person in that level’s queue). Every time it is sold, its two creators share {payoutPercent}% of its price, split equally: {silverPayout, number} USDT for Silver, {goldPayout, number} USDT for Gold and {platinumPayout, number} USDT for Platinum. The payout arrives in your wallet.',
    },
    {
      id: 'referral-and-affiliate',
      q: 'How do the referral and affiliate programmes work?',
      a: 'Referral programme: your account has a personal promo code and link. People who register through it join your referral tree, and you receive a share of their token purchases, down three levels of the tree. Your level (Human or Business), your referrals and your income are shown under Referral programme in your account.\n\nAffiliate programme: for advertisers and publishers. Create tracking links in the affiliate cabinet, receive callbacks to your server and see statistics. Registrations are attributed to your link for {attributionDays} days. See the Affiliates page for details.',
    },
    {
      id: 'withdrawals',
      q: 'How do I withdraw money?',
      a: 'Open your wallet, choose Withdraw and enter a valid BSC address and an amount up to your withdrawable balance. Confirm with the code we send to your e-mail.\n\nThe network fee is paid in BNB, so keep enough BNB in your wallet. If it is not enough, we show your BNB balance and the minimum fee to top up.',
    },
    {
      id: 'contact-support',
      q: 'How do I contact support?',
      a: 'Write to {supportEmail} or use the Get in touch form on the Support page. If something went wrong with a purchase, tell us what you did and when; it helps us find the transaction quickly.',
    },
  ],
};

export default en;
