// Strings of the review rules' shared pieces (namespace `review-rules`): the review time target
// told to applicants and businesses, and the control queues' overdue mark.
const en = {
  'review-within':
    '{hours, plural, one {We review within # hour.} other {We review within # hours.}}',
  overdue: 'Overdue',
  'overdue.hint':
    '{hours, plural, one {Waiting longer than # hour} other {Waiting longer than # hours}}',
  'limits.area': 'At most {limit} km',
  'limits.cap': 'From {min} to {max} impressions',
};

export default en;
