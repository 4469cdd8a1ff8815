import { LineChart } from '@mui/x-charts/LineChart';
import type { CpaStats } from '@meeet/core/api/cpa';
import { useFormat } from '../../../lib/format.ts';

/** Room for the widest count on the value axis ("12,345"), so its figures are never cut. */
const VALUE_AXIS_WIDTH = 56;

/** Hits and registrations per day (loaded only when the cabinet shows it). */
export default function DailyChart({
  days,
  labels,
}: {
  days: CpaStats['days'];
  labels: { hits: string; regs: string; title: string };
}) {
  const fmt = useFormat();
  return (
    <LineChart
      height={260}
      aria-label={labels.title}
      xAxis={[{ scaleType: 'point', data: days.map((d) => fmt.day(d.day)) }]}
      yAxis={[{ width: VALUE_AXIS_WIDTH, valueFormatter: (value: number) => fmt.number(value) }]}
      series={[
        { data: days.map((d) => d.hits), label: labels.hits, showMark: false },
        { data: days.map((d) => d.regs), label: labels.regs, showMark: false },
      ]}
    />
  );
}
