import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { useReviewLimits } from './use-review-limits.ts';

/** "We review within N hours." from the admins' rules; nothing until they are known. */
export function ReviewTimeNote() {
  const { t } = useTranslation('review-rules');
  const limits = useReviewLimits();
  if (!limits.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="review-time-note">
      {t('review-within', { hours: limits.data.reviewWithinHours })}
    </Typography>
  );
}
