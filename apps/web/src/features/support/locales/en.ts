// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures.
const en = {
  title: 'Get in touch',
  intro:
    'Questions about meetings, tokens, payments or your account? Send us a message and we will reply by e-mail.',
  'form.title': 'Send a message',
  'form.name': 'Your name',
  'form.email': 'E-mail',
  'form.message': 'Message',
  'form.messageHelp':
    '{min}–{max} characters. If it is about a payment, tell us what you did and when.',
  'form.counter': '{count} / {max}',
  'form.submit': 'Send message',
  'form.sending': 'Sending…',
  'form.success': 'Thank you! Your message has been sent. We will reply to {email}.',
  'form.another': 'Send another message',
  'form.error': 'Your message could not be sent: {message}',
  'form.errorUnknown':
    'Your message could not be sent. Please try again, or write to us by e-mail.',
  'contact.title': 'Other ways to reach us',
  'contact.email': 'E-mail us at',
  'contact.faq': 'Many answers are already in the FAQ.',
  'contact.faqLink': 'Read the FAQ',
};

export default en;
