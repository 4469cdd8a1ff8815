import { BarChart } from '@mui/x-charts/BarChart';
import { referralSourceSchema, type ReferralPeriodStats } from '@meeet/core/api/referral';
import { formatNumber } from '@meeet/core/format/number';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n.ts';
import { usdtNumber } from './format.ts';

const HEIGHT = 280;

/**
 * Income by UTC day for one period, stacked by source. Loaded on its own (React.lazy), so the
 * chart library is downloaded only by someone who opens the referral programme.
 */
export default function IncomeChart({ period }: { period: ReferralPeriodStats }) {
  const { t, i18n } = useTranslation(NS);
  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const days = period.daily.map((d) => dayLabel.format(new Date(`${d.day}T00:00:00Z`)));
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: days }]}
      yAxis={[{ valueFormatter: (value: number) => formatNumber(value) }]}
      series={referralSourceSchema.options.map((source) => ({
        id: source,
        label: t(`ref.source.${source}`),
        stack: 'income',
        data: period.daily.map((d) => usdtNumber(d[source])),
        valueFormatter: (value: number | null) => `${formatNumber(value ?? 0)} USDT`,
      }))}
      slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}
