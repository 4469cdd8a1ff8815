// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures.
const en = {
  title: 'News',
  latest: 'Latest news',
  all: 'All news',
  empty: 'No news yet.',
  'load-error': 'The news could not be loaded.',
  'not-found': 'This news item does not exist or is not published.',
  back: 'Back to news',
  more: 'Read more',
  prev: 'Newer',
  next: 'Older',
};

export default en;
