// Strings of the profile form shared by "Complete your profile" and "Personal data".
const en = {
  'field.first-name': 'First name',
  'field.last-name': 'Last name',
  'field.sur-name': 'Middle name',
  'field.domain': 'Nickname',
  'field.domain-hint': 'Latin letters and digits, starting with a letter',
  'field.domain-checking': 'Checking whether the nickname is free…',
  'field.gender': 'Gender',
  'gender.male': 'Male',
  'gender.female': 'Female',
  'field.bdate': 'Date of birth',
  'field.bdate-hint': 'DD.MM.YYYY',
  'field.phone': 'Phone',
  'field.country': 'Country',
  'field.country-none': 'Not specified',
  'names-locked':
    'Your name and surname were verified with your documents (KYC) and can no longer be changed.',
  saving: 'Saving…',
  saved: 'Your profile has been saved.',
  'error.unknown': 'The profile could not be saved. Please try again.',
};

export default en;
