// Flat keys, as src/i18n/i18n.ts configures.
const en = {
  code: '404',
  title: 'This page wandered off',
  text: 'We looked all around the map, but there is nothing at this address. The link may be old or mistyped.',
  home: 'Back to home',
  faq: 'Read the FAQ',
};

export default en;
