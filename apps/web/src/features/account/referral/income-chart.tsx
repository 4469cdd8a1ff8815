import { BarChart } from '@mui/x-charts/BarChart';
import { referralSourceSchema, type ReferralPeriodStats } from '@meeet/core/api/referral';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';
import { usdt, usdtNumber } from './format.ts';
import { visuallyHidden } from '../../../components/visually-hidden.tsx';

const HEIGHT = 280;

/**
 * Income by UTC day for one period, stacked by source. Loaded on its own (React.lazy), so the
 * chart library is downloaded only by someone who opens the referral programme.
 */
export default function IncomeChart({ period }: { period: ReferralPeriodStats }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const days = period.daily.map((d) => fmt.day(d.day));
  const withIncome = period.daily
    .map((d, i) => ({ d, label: days[i] ?? d.day }))
    .filter(({ d }) => referralSourceSchema.options.some((source) => d[source] !== '0'));
  return (
    <>
      <table style={visuallyHidden} data-testid="referral-chart-table">
        <caption>{t('ref.chart')}</caption>
        <tbody>
          {withIncome.map(({ d, label }) => (
            <tr key={d.day}>
              <th scope="row">{label}</th>
              {referralSourceSchema.options.map((source) => (
                <td key={source}>{`${t(`ref.source.${source}`)}: ${usdt(d[source])}`}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <BarChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'band', data: days }]}
        yAxis={[{ valueFormatter: (value: number) => fmt.number(value) }]}
        series={referralSourceSchema.options.map((source) => ({
          id: source,
          label: t(`ref.source.${source}`),
          stack: 'income',
          data: period.daily.map((d) => usdtNumber(d[source])),
          valueFormatter: (value: number | null) => `${fmt.number(value ?? 0)} USDT`,
        }))}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </>
  );
}
