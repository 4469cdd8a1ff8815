import Box from '@mui/material/Box';
import { tokenImageUrl } from '@meeet/core/api/token-paths';

/**
 * A token's picture (core rules/token-art.ts, served at /api/market/tokens/{id}/image.svg and
 * cached for good): the same image the token's on-chain metadata names.
 */
export function TokenArt({
  id,
  name,
  size,
  testId = 'token-art',
}: {
  id: string;
  /** The accessible name, e.g. 'Gold #12'. */
  name: string;
  /** Width and height in px; the box never grows beyond its container. */
  size: number;
  testId?: string;
}) {
  return (
    <Box
      component="img"
      src={tokenImageUrl(id)}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-testid={testId}
      data-token-id={id}
      sx={{
        display: 'block',
        width: size,
        maxWidth: '100%',
        height: 'auto',
        aspectRatio: '1 / 1',
        borderRadius: `${Math.round(size * 0.09)}px`,
        bgcolor: '#0b0e14',
      }}
    />
  );
}
