// The shell's own strings (namespace `common`). Feature screens keep theirs in their folder.
const en = {
  'app.loading': 'Loading…',
  'app.skip-to-content': 'Skip to content',

  'nav.home': 'Home',
  'nav.market': 'Marketplace',
  'nav.meet-and-play': 'Meet & play',
  'nav.faq': 'FAQ',
  'nav.how-to-meet': 'How to meet & play',
  'nav.support': 'Support',
  'nav.affiliates': 'Affiliates',
  'nav.terms': 'Terms of use',
  'nav.privacy': 'Privacy policy',
  'nav.login': 'Log in',
  'nav.account': 'Account',
  'nav.wallet': 'Wallet',
  'nav.control': 'Control area',
  'nav.logout': 'Log out',
  'nav.open-menu': 'Open menu',
  'nav.close-menu': 'Close menu',
  'nav.main': 'Main navigation',
  'language.label': 'Interface language',

  'page.coming-soon': 'This section is being built and will open soon.',
  'page.market': 'Marketplace',
  'page.kyc': 'Identity verification',
  'page.cpa': 'Advertising platform',
  'page.apple-login': 'Sign in with Apple',
  'page.auth.login': 'Log in',
  'page.auth.register': 'Join',
  'page.auth.update-profile': 'Complete your profile',
  'page.auth.recovery': 'Restore password',
  'page.auth.confirm-email': 'Confirm e-mail',
  'page.account': 'Account',
  'page.account.data': 'Personal data',
  'page.account.market': 'Marketplace',
  'page.account.business': 'My business',
  'page.account.referral': 'Referral programme',
  'page.account.referral.main': 'Main',
  'page.account.referral.tree': 'Referral tree',
  'page.account.cpa': 'Your affiliate links',
  'page.control': 'Control area',
  'page.control.monitor': 'Monitor',
  'page.control.kyc': 'KYC moderation',
  'page.control.news': 'Add news',
  'page.control.news-edit': 'Edit news #{id}',
  'page.control.cpa': 'CPA',

  'cookie.title': 'We use cookies',
  'cookie.text':
    'We use cookies that the site needs to work, and, with your consent, cookies for analytics and personalised ads.',
  'cookie.more':
    'Required cookies keep you signed in and remember your choices. Analytics cookies tell us how the site is used so we can improve it. Advertising cookies let us show ads that match your interests, which keeps the app free. You can change your choice at any time by clearing the site data in your browser.',
  'cookie.show-more': 'Show more',
  'cookie.roll-up': 'Roll up',
  'cookie.consent.terms': 'Required cookies (Terms of use)',
  'cookie.consent.analytics': 'Analytics cookies',
  'cookie.consent.ads': 'Personalised ads',
  'cookie.accept': 'Accept all Cookies',
  'cookie.reject': 'Reject additional Cookies',

  'install.title': 'MEEET for iPhone',
  'install.text':
    'Raise your hand, meet people nearby and mint tokens — download the app from the App Store.',
  'install.dismiss': 'Not now',

  'error.title': 'Something went wrong',
  'error.text': 'This page could not be loaded. Reloading usually helps.',
  'error.reload': 'Reload',

  'footer.rights': '© {year} MEEET. All rights reserved.',
  'footer.cookie-settings': 'Cookie settings',
  'footer.adults': 'Only for adults (18+).',
} as const;

export type CommonKey = keyof typeof en;
export default en;
