// Flat keys and single-brace placeholders, as src/i18n/i18n.ts configures.
const en = {
  title: 'Identity verification',
  intro:
    'Verification opens Gold and Platinum NFTs. A moderator checks your photos within 24 hours.',
  status: 'Status',
  'step.profile': 'Profile',
  'step.document': 'Document photo',
  'step.selfie': 'Selfie',
  'step.submit': 'Submit',
  'profile.incomplete': 'Fill in your name, nickname, birth date and gender first.',
  'profile.complete': 'Your profile is complete.',
  'profile.go': 'Complete the profile',
  'document.hint':
    'A photo of your passport or ID card: all four corners visible, text readable, no glare.',
  'selfie.hint': 'A photo of your face, looking at the camera, in good light.',
  'photo.take': 'Take or choose a photo',
  'photo.replace': 'Replace the photo',
  'photo.uploading': 'Uploading…',
  'photo.document-alt': 'Your document',
  'photo.selfie-alt': 'Your selfie',
  'submit.ready': 'Everything is ready. Send your application to a moderator.',
  'submit.button': 'Submit for review',
  'submit.again': 'Submit again',
  'state.requested': 'Your application is under review. We will tell you the result by e-mail.',
  'state.approved': 'Your identity is verified. NFT levels up to {level} are open to you.',
  'state.rejected': 'Your application was rejected. Correct it and submit again.',
  'state.rejected_forever': 'Your application was rejected permanently.',
  'moderator-comment': 'Moderator comment',
  'level-request.title': 'Need a higher level?',
  'level-request.intro':
    'Your verification allows NFT levels up to {level}. Ask a moderator for a higher one; your current level stays open while they look.',
  'level-request.level': 'Level wanted',
  'level-request.submit': 'Ask for this level',
  'level-request.waiting':
    'You asked for {level}. A moderator will answer within 24 hours; your current level stays open meanwhile.',
  verified: 'Verified',
  'load-error': 'Your verification could not be loaded. Please reload the page.',
  'error.generic': 'Something went wrong. Please try again.',
};

export default en;
