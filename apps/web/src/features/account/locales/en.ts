// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures.
const en = {
  'data.title': 'Personal data',
  'data.account': 'Account',
  'data.uid': 'UID',
  'data.email': 'E-mail',
  'data.email-verified': 'Confirmed',
  'data.email-unverified': 'Not confirmed',
  'data.email-confirm': 'Confirm e-mail',
  'data.registered': 'Registered',
  'data.referral-code': 'Your referral code',
  'data.referral-link': 'Your referral link',
  'data.copy': 'Copy',
  'data.copied': 'Copied',
  'data.profile': 'Profile',
  'data.save': 'Save changes',
  'data.saved': 'Your profile has been saved.',
  'data.logout': 'Log out',
  'data.load-error': 'Your account could not be loaded. Please reload the page.',
};

export default en;
