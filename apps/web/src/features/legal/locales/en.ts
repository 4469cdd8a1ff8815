// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures. Numbers and rules
// are interpolated from @meeet/core/constants (see ../values.ts). Section ids are anchors
// (/terms#tokens, /privacy#location) and must be the same in every language.
// Bodies: paragraphs separated by a blank line; a paragraph of "• " lines is a list.
const en = {
  updated: 'Last updated: {date}',
  contents: 'Contents',
  'terms.title': 'Terms of use',
  'terms.intro':
    'These terms govern your use of MEEET: the iPhone app, this website and everything in them. By creating an account or using MEEET you accept these terms. Please read them together with our Privacy policy.',
  'privacy.title': 'Privacy policy',
  'privacy.intro':
    'This policy explains what personal data MEEET collects, why, who can see it, how long we keep it and what rights you have. It applies to the iPhone app and this website.',
  terms: [
    {
      id: 'service',
      title: '1. The service',
      body: 'MEEET ("we", "us") is a service for meeting people nearby. In the iPhone app you raise a hand with a mood (romantic, business or just chat), appear on a live map, chat with people and meet them in person. This website is the companion to the app: it holds the token marketplace, your wallet, identity verification (KYC), the referral programme and the affiliate programme.\n\nTwo users who hold tokens of the same level and meet in person (their phones stay within {distance} metres of each other for {together} of {duration} minutes) can mint a new token, under the rules in section 6.',
    },
    {
      id: 'eligibility',
      title: '2. Who may use MEEET',
      body: 'MEEET is for adults only. You must be at least {minAge} years old and legally able to accept these terms. We check your date of birth when you register and may ask for proof of age.\n\n• One person, one account. Accounts are personal and may not be sold or transferred.\n• The information in your profile must be true and about you.\n• You may not use MEEET where the law forbids it, or if we have previously closed your account.',
    },
    {
      id: 'account',
      title: '3. Your account and security',
      body: 'Keep your password and the codes we send by e-mail secret; you are responsible for what happens in your account. Tell us at once at {email} if you suspect someone else has access.\n\nTo protect your account and the token game, we link sessions and meetings to a device fingerprint. When a new phone starts proving your meetings, minting is paused by a device-protection lock for up to {lockHours} hours; signing in on the web or on a new computer never pauses it. Two accounts on the same device cannot mint together.',
    },
    {
      id: 'free-use',
      title: '4. Free use and advertising',
      body: 'Using MEEET is free. The free tier is paid for by advertising: we show ads, which are personalised if you give your consent to personalised ads (see the Privacy policy). Buying tokens is optional.',
    },
    {
      id: 'conduct',
      title: '5. Meetings and conduct',
      body: 'Meetings happen in the real world and you decide whom to meet. Verification shows that a profile passed our identity check; it is not a guarantee of anyone’s behaviour. Meet in public places and look after your safety.\n\nYou agree not to:\n\n• harass, threaten, deceive or harm other people, or share content that is illegal, sexual without consent, hateful or violent;\n• use MEEET for prostitution, scams, spam or unsolicited advertising;\n• fake your location or meetings, use emulators, bots or several accounts, or help another person to mint with themselves;\n• interfere with the service, probe it for vulnerabilities without our permission, or scrape it.\n\nReport abuse to {email}. We may remove content, pause features or close accounts that break these rules.',
    },
    {
      id: 'tokens',
      title: '6. Tokens',
      body: 'Tokens are NFTs on BNB Smart Chain at three levels with fixed prices: Silver {silver, number} USDT, Gold {gold, number} USDT and Platinum {platinum, number} USDT. You may hold up to {maxTokens} tokens at once, one of each level. Gold and Platinum require approved identity verification for that level.\n\nA meeting mints a new token when both people hold a token of the same level, the first purchase was at least {firstMintHours} hours earlier, the pair has not minted together before (unless the earlier mint failed for technical reasons), neither is under a device-protection lock, they use different devices, and verification allows the level.\n\nWhen a level is out of stock you may join a queue by paying the full price upfront; the next minted token of that level goes to the first person in the queue and is credited automatically.\n\nTokens are collectibles and a way to take part in the game. They are not an investment, a security or a promise of income, and we do not guarantee that any token will sell or at what time.',
    },
    {
      id: 'payments',
      title: '7. Payments and your wallet',
      body: 'Payments are made in USDT on the BSC network (BEP-20). Each account has a custodial wallet: a deposit address that we manage on your behalf, whose balance is what the blockchain shows. Every blockchain transaction needs a little BNB for gas, about {gasUsd} USD per transaction.\n\n• Send only USDT and BNB on the BSC network to your address. Other coins or networks are not credited and cannot be refunded.\n• Withdrawals go to a valid BSC address you choose, up to your withdrawable balance, need enough BNB for the network fee, and are confirmed with a code sent to your e-mail.\n• Blockchain transactions cannot be reversed. Check addresses carefully.\n• Token purchases are final once confirmed on the blockchain, except where the law gives you a right to a refund.',
    },
    {
      id: 'verification',
      title: '8. Identity verification (KYC)',
      body: 'To hold and mint Gold or Platinum you must pass verification: complete your profile, upload a photo of an identity document and take a selfie. A moderator reviews your application, normally within {kycHours} hours, and sets the highest token level your verification allows. Verified profiles show a blue checkmark; your first name and last name can no longer be changed.\n\nWe may re-check verified profiles and revoke verification. If verification or a status is denied, {meetingsLeft} more meetings still count, after which the status is annulled.',
    },
    {
      id: 'earnings',
      title: '9. Payouts, referral and affiliate programmes',
      body: 'Seller payout: each time a token you minted is sold on the marketplace, its two creators share {payoutPercent}% of the price equally, paid to their wallets in USDT.\n\nReferral programme: you receive a personal promo code and link. You earn a share of the token purchases of people who register with your code, down three levels of your referral tree. We set the shares and the referral levels (Human and Business) and may change them for the future; your account shows the current ones.\n\nAffiliate programme: affiliates create tracking links, receive callbacks and see statistics in their cabinet. Registrations are attributed to a link for {attributionDays} days. Rewards are paid only for genuine users: we may withhold or reverse rewards for fraudulent, incentivised or self-generated traffic.',
    },
    {
      id: 'termination',
      title: '10. Suspension and closing your account',
      body: 'You can ask us to close your account at any time by writing to {email}. Withdraw your balance first. We may suspend or close accounts that break these terms or the law, or to protect other users; where the law allows, we will tell you why. Tokens and balances that belong to you remain yours unless they were obtained through fraud.',
    },
    {
      id: 'liability',
      title: '11. Disclaimers and liability',
      body: 'MEEET is provided "as is". We work to keep it running, but we cannot promise it will be uninterrupted or error-free, and we do not control the blockchain, the App Store or your device. We are not responsible for the behaviour of people you meet. To the extent the law allows, we are not liable for indirect or consequential losses. Nothing in these terms limits rights you have under consumer law that cannot be limited.',
    },
    {
      id: 'changes',
      title: '12. Changes to these terms',
      body: 'We may update these terms. We will show the new date at the top and, for important changes, tell you in the app or by e-mail before they take effect. If you continue to use MEEET after that, the new terms apply.',
    },
    {
      id: 'contact',
      title: '13. Contact',
      body: 'Questions about these terms: {email}.',
    },
  ],
  privacy: [
    {
      id: 'data-we-collect',
      title: '1. Data we collect',
      body: '• Account data: e-mail, password (stored only as a secure hash), name, middle name, nickname, gender, date of birth, and optionally phone and country.\n• Profile photos you upload.\n• Verification data (only if you apply for KYC): a photo of your identity document and a selfie.\n• Location: your position while your hand is raised in the app.\n• Activity: raised hands and moods, chats, meetings and mints.\n• Wallet data: your deposit address, balances and transactions. Blockchain transactions are public by nature.\n• Device data: a device fingerprint, and the language and browser you use.\n• Referral and affiliate data: the promo code you registered with, and the affiliate link and click id of the visit that brought you.\n• Messages you send to support.',
    },
    {
      id: 'how-we-use',
      title: '2. How we use your data',
      body: '• To run MEEET: your account, the live map, chats, meeting detection, minting, the marketplace and your wallet (performance of our contract with you).\n• To keep the service safe: verification, device protection, fraud prevention (our legitimate interest and legal duties).\n• To pay referral, affiliate and seller rewards.\n• To show ads, personalised only with your consent.\n• To measure and improve the service, with analytics only with your consent.\n• To answer your requests and send service e-mails, such as confirmation codes.',
    },
    {
      id: 'location',
      title: '3. Location',
      body: 'While your hand is raised, the app sends your position to our server. Your exact position never leaves our server: other people only ever see a coarse position, to about {coarseMetres} m. We use exact positions to show you who is nearby and to detect meetings ({distance} metres for {together} of {duration} minutes). Lower your hand and the app stops sending your position.',
    },
    {
      id: 'verification-data',
      title: '4. Verification (KYC) data',
      body: 'Your document photo and selfie are seen only by you and by our moderators who review applications; they are never shown to other users. We use them only to verify your identity and age, to decide which token levels you may hold, and for later re-checks.\n\nOther users only see that your profile is verified (the blue checkmark).',
    },
    {
      id: 'device-fingerprint',
      title: '5. Device fingerprint',
      body: 'We store a device fingerprint with each session and each meeting. We use it for security only: to start the device-protection lock when a new phone starts proving your meetings (minting paused for up to {lockHours} hours), to stop two accounts on the same phone from meeting each other, and to count affiliate visits once per device.',
    },
    {
      id: 'cookies',
      title: '6. Cookies, local storage and your consents',
      body: 'We use cookies and similar browser storage to keep you signed in, remember your language and choices, and attribute affiliate visits. The cookie banner asks for three consents:\n\n• Terms: required to use MEEET; covers the storage the service needs to work.\n• Analytics: lets us measure how MEEET is used.\n• Personalised ads: lets us tailor ads to you. Without it, ads are not personalised.\n\n"Accept all Cookies" gives all three consents and remembers your choice. "Reject additional Cookies" keeps only the terms consent, for the current browser session. You can change your mind at any time by clearing the site data in your browser, or by writing to us.',
    },
    {
      id: 'sharing',
      title: '7. Who receives your data',
      body: '• Other users see your public profile (name, nickname, photos, verification checkmark) and your coarse position while your hand is raised.\n• Our moderators see verification data to review it.\n• Service providers that host, store and e-mail for us, under contracts that bind them to protect it.\n• If you came through an affiliate link, the affiliate receives its own click id, the action (registration, profile completion, first meeting, purchase) and the payout; not your name, e-mail or any other personal data.\n• The blockchain: token ownership and wallet transactions are public on BNB Smart Chain.\n• Authorities, when the law requires it.\n\nWe do not sell your personal data.',
    },
    {
      id: 'retention',
      title: '8. How long we keep data',
      body: '• Account, profile and activity data: while your account exists. When you delete your account, we delete or anonymise it within 30 days, except records we must keep by law.\n• Verification data: while your account exists and verification may need re-checking; deleted within 30 days of account deletion unless the law requires us to keep it longer.\n• Exact positions: only as long as needed to show the map and detect meetings.\n• Transaction records: as long as financial and anti-money-laundering laws require. Blockchain records cannot be deleted by anyone.\n• Affiliate attribution: {attributionDays} days from the visit.',
    },
    {
      id: 'security',
      title: '9. Security',
      body: 'We protect your data with encryption in transit, access controls and limited moderator access. Passwords are stored only as secure hashes. No system is perfectly secure, so please use a strong password and keep your e-mail account safe.',
    },
    {
      id: 'your-rights',
      title: '10. Your rights',
      body: 'You have the right to access the personal data we hold about you and get a copy, to correct it, to delete it (delete your account), to object to or restrict some uses, to withdraw a consent at any time, and to complain to a data protection authority.\n\nWrite to {email} from the e-mail address of your account. We answer within 30 days. Your first name and last name can be corrected in your profile until you pass verification; after that, contact support.',
    },
    {
      id: 'adults-only',
      title: '11. Adults only',
      body: 'MEEET is not for anyone under {minAge}. If we learn that an account belongs to someone under {minAge}, we close it and delete its data.',
    },
    {
      id: 'changes',
      title: '12. Changes to this policy',
      body: 'We may update this policy. We will show the new date at the top and tell you about important changes in the app or by e-mail.',
    },
    {
      id: 'contact',
      title: '13. Contact',
      body: 'Questions about your data or this policy: {email}.',
    },
  ],
};

export default en;
