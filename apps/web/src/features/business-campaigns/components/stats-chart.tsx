import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export interface ChartDay {
  day: string;
  impressions: number;
  clicks: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 36, left: 44 };

/**
 * Impressions (bars) and clicks (dots) per day as a small SVG: no chart library for two series.
 * The numbers are also in the table beside it, so the chart is one labelled image.
 */
export function StatsChart({ days, label }: { days: readonly ChartDay[]; label: string }) {
  const theme = useTheme();
  const max = Math.max(1, ...days.map((d) => Math.max(d.impressions, d.clicks)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / Math.max(days.length, 1);
  const barW = Math.max(4, Math.min(48, step * 0.6));
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH;
  const ticks = [0, Math.round(max / 2), max];
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={label}
        data-testid="campaign-chart"
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={theme.palette.divider}
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill={theme.palette.text.secondary}
            >
              {tick}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const cx = PAD.left + step * i + step / 2;
          return (
            <g key={d.day}>
              <rect
                x={cx - barW / 2}
                y={y(d.impressions)}
                width={barW}
                height={PAD.top + innerH - y(d.impressions)}
                fill={theme.palette.primary.main}
                rx={2}
              />
              <circle cx={cx} cy={y(d.clicks)} r={4} fill={theme.palette.secondary.main} />
              <text
                x={cx}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                fontSize="11"
                fill={theme.palette.text.secondary}
              >
                {d.day.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
