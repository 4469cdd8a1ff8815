// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures.
const en = {
  'field.email': 'E-mail',
  'field.password': 'Password',
  'field.password-hint':
    '6 to 128 characters with a lowercase letter, an uppercase letter and a digit, and not a common or easily guessed password (such as Password1 or your e-mail)',
  'field.password-confirm': 'Confirm password',
  'field.new-password': 'New password',
  'register.without-promocode': 'Continue without a promo code',
  'field.promocode': 'Promo code (optional)',
  'field.code': 'Code from the e-mail',
  'field.code-hint': 'Six digits',
  or: 'or',
  'error.unknown': 'Something went wrong. Please try again.',
  'back-to-login': 'Back to log in',
  'resend-in': 'You can ask for a new code in {count} s',

  'login.title': 'Log in',
  'login.title-cpa': 'Login to the advertising platform',
  'login.subtitle': 'Welcome back to MEEET.',
  'login.deletion-scheduled':
    'Your account will be erased on {date}. Sign in before then to cancel the deletion.',
  'login.subtitle-cpa': 'Your affiliate links, callbacks and statistics in one place.',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.recovery-success': 'Your password has been changed. Log in with the new one.',
  'login.forgot': 'Forgot your password?',
  'login.no-account': 'New to MEEET?',
  'login.to-register': 'Join',

  'register.title': 'Join',
  'register.subtitle': 'Create an account to buy tokens, meet people and invite friends.',
  'register.terms-before': 'I am 18 or older and accept the ',
  'register.terms-link': 'Terms of use',
  'register.terms-and': ' and the ',
  'register.privacy-link': 'Privacy policy',
  'register.submit': 'Create account',
  'register.submitting': 'Creating account…',
  'register.have-account': 'Already have an account?',
  'register.to-login': 'Log in',

  'apple.sign-in': 'Sign in with Apple',
  'apple.sign-up': 'Sign up with Apple',
  'apple.title': 'Sign in with Apple',
  'apple.signing-in': 'Signing you in…',
  'apple.complete-title': 'Finish joining with Apple',
  'apple.complete-intro': 'One more step: accept the terms to create your MEEET account.',
  'apple.complete-submit': 'Create account',
  'apple.error.cancelled': 'Sign in with Apple was cancelled.',
  'apple.error.failed': 'Sign in with Apple did not succeed. Please try again.',
  'apple.error.missing': 'There is nothing to finish here. Start Sign in with Apple again.',
  'apple.error.unavailable':
    'Sign in with Apple is not available here yet. Please sign in with your e-mail.',
  'apple.try-again': 'Try again',

  'profile.title': 'Complete your profile',
  'profile.subtitle':
    'Tell us a little about yourself. The nickname is how other people will find you.',
  'profile.submit': 'Save and continue',

  'recovery.title': 'Restore password',
  'recovery.email-intro': 'Enter the e-mail of your account and we will send you a six-digit code.',
  'recovery.send': 'Send code',
  'recovery.sending': 'Sending…',
  'recovery.code-sent': 'We sent a code to {email}. It is valid for 15 minutes.',
  'recovery.submit': 'Set new password',
  'recovery.submitting': 'Saving…',
  'recovery.resend': 'Send the code again',
  'recovery.change-email': 'Use another e-mail',

  'confirm.title': 'Confirm e-mail',
  'confirm.intro': 'Enter the six-digit code from the e-mail we sent to {email}.',
  'confirm.code-sent': 'We sent a code to {email}. Check your inbox and the spam folder.',
  'confirm.code-recent':
    'A code was sent to {email} a moment ago. Check your inbox and the spam folder.',
  'confirm.login-first': 'Log in to confirm your e-mail.',
  'confirm.submit': 'Confirm',
  'confirm.submitting': 'Checking…',
  'confirm.resend': 'Send a new code',
  'confirm.sending': 'Sending…',
};

export default en;
