import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { isOverdue } from '@meeet/core/rules/review-rules';
import { useTranslation } from '../../i18n/react.ts';
import { useReviewLimits } from './use-review-limits.ts';

/**
 * The control queues' mark of an item waiting for review since `since` (ISO) longer than the
 * admins' review time target; nothing while it is within it.
 */
export function OverdueChip({ since }: { since: string }) {
  const { t } = useTranslation('review-rules');
  const limits = useReviewLimits();
  if (!limits.data || !isOverdue(since, limits.data.reviewWithinHours)) return null;
  const hours = limits.data.reviewWithinHours;
  return (
    <Tooltip title={t('overdue.hint', { hours })}>
      <Chip size="small" color="warning" label={t('overdue')} data-testid="overdue-chip" />
    </Tooltip>
  );
}
