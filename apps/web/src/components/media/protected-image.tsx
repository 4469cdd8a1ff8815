import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { buildUrl } from '../../lib/api-client.ts';
import { getToken } from '../../lib/stores/auth-store.ts';

/**
 * An image that needs the Bearer token (KYC photos): an <img> cannot send the header, so the
 * file is fetched and shown from a blob URL, released when the image goes.
 */
export function ProtectedImage({
  path,
  alt,
  testId,
  sx,
}: {
  /** An API path such as mediaPaths.kyc(id, 'medium'). */
  path: string;
  alt: string;
  testId?: string;
  /** Plain size and shape styles (width, height, borderRadius…). */
  sx?: Readonly<Record<string, string | number>>;
}) {
  // Keyed by path, so a new path shows the placeholder until its own file has arrived.
  const [loaded, setLoaded] = useState<{ path: string; src: string | null } | null>(null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    const token = getToken();
    fetch(buildUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ path, src: objectUrl });
      })
      .catch(() => {
        if (!cancelled) setLoaded({ path, src: null });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);

  const current = loaded?.path === path ? loaded : null;
  const src = current?.src ?? null;
  const failed = current !== null && current.src === null;

  if (failed) {
    return <Box sx={{ ...sx, bgcolor: 'action.hover' }} data-testid={testId} data-state="error" />;
  }
  if (!src) return <Skeleton variant="rounded" sx={sx} />;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      data-testid={testId}
      data-state="loaded"
      sx={{ objectFit: 'contain', display: 'block', ...sx }}
    />
  );
}
