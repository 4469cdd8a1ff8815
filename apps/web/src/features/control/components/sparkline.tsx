import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const WIDTH = 240;
const HEIGHT = 56;

/** A small line chart of one series (no axes: the figure above it gives the scale). */
export function Sparkline({
  label,
  values,
  testId,
}: {
  label: string;
  values: readonly (number | null)[];
  testId?: string;
}) {
  const known = values.filter((value): value is number => value !== null);
  const max = Math.max(1, ...known);
  const min = Math.min(0, ...known);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values
    .map((value, index) =>
      value === null
        ? null
        : `${(index * step).toFixed(1)},${(HEIGHT - ((value - min) / (max - min || 1)) * (HEIGHT - 4) - 2).toFixed(1)}`,
    )
    .filter(Boolean)
    .join(' ');
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label} · max {known.length ? Math.max(...known) : '—'}
      </Typography>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        sx={{ width: '100%', height: HEIGHT, display: 'block' }}
      >
        {points && (
          <polyline
            points={points}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        )}
      </Box>
    </Box>
  );
}
