// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures. Numbers and rules
// are interpolated from @meeet/core/constants.
const en = {
  title: 'Affiliate programme',
  intro:
    'Bring new people to MEEET and earn for every registration, completed profile, first meeting and purchase they make. Track everything with your own click ids, server callbacks and live statistics.',
  'cta.cabinet': 'Open affiliate cabinet',
  'cta.register': 'Create an account',
  'cta.note': 'The cabinet needs an account: sign in, or create one in a minute.',
  'how.title': 'How it works',
  howSteps: [
    {
      title: 'Create a link',
      text: 'In the affiliate cabinet, create as many tracking links as you need. Give each a name and, optionally, a callback URL.',
    },
    {
      title: 'Add your click id',
      text: 'Append your own click id as the uid parameter. It comes back to you in every callback, so you can match conversions to your traffic.',
    },
    {
      title: 'Send traffic',
      text: 'Point visitors to one of the landing pages. A visit is counted once per device and link in {attributionDays} days, and a registration within {attributionDays} days ({attributionHours} hours) is attributed to your link.',
    },
    {
      title: 'Get paid',
      text: 'Each reward action is paid to your MEEET wallet in USDT. Withdraw to any BSC address.',
    },
  ],
  'link.title': 'Link format',
  'link.text':
    'Your link id (cpa) is shown in the cabinet; uid is your own click id. Pick the landing page that matches your audience:',
  'link.main': 'General landing',
  'link.meet': 'Meeting angle: people nearby',
  'link.earn': 'Earning angle: tokens and payouts',
  'actions.title': 'Reward actions and callbacks',
  'actions.text':
    'When one of these actions happens, we send a request to your link’s callback URL with your click id, the action and the payout. Requests are signed so you can check they come from us, and retried with backoff if your server does not answer.',
  'action.registration': 'The visitor registers',
  'action.fill_profile': 'The user completes the profile',
  'action.first_meet': 'The user has the first meeting',
  'action.purchase': 'The user buys a token',
  'stats.title': 'Statistics',
  'stats.text': 'Every link shows its numbers for the last {week} days, {twoWeeks} days or month:',
  'stat.hits': 'Clicks on the link, counted once per device.',
  'stat.regs': 'Registrations attributed to the link.',
  'stat.value': 'Revenue from the users you referred.',
  'stat.profit': 'Your income from the link.',
  'stat.paid': 'The amount already paid out to you.',
  'rules.title': 'Fair play',
  'rules.text':
    'Rewards are paid for genuine users only. Fraudulent, incentivised or self-generated traffic is not rewarded and may close the affiliate account. Callback URLs must be public internet addresses.',
};

export default en;
