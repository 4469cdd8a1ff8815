import { LineChart } from '@mui/x-charts/LineChart';
import type { CpaStats } from '@meeet/core/api/cpa';

/** Hits and registrations per day (loaded only when the cabinet shows it). */
export default function DailyChart({
  days,
  labels,
}: {
  days: CpaStats['days'];
  labels: { hits: string; regs: string; title: string };
}) {
  return (
    <LineChart
      height={260}
      aria-label={labels.title}
      xAxis={[{ scaleType: 'point', data: days.map((d) => d.day.slice(5)) }]}
      series={[
        { data: days.map((d) => d.hits), label: labels.hits, showMark: false },
        { data: days.map((d) => d.regs), label: labels.regs, showMark: false },
      ]}
    />
  );
}
