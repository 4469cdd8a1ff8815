import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveApi } from '../../test/api-server.ts';
import { adminSetting, useAdminSetting, useSaveAdminSetting } from './admin-setting.ts';

const view = z.object({ limit: z.number(), updatedAt: z.string().nullable() });
const setting = adminSetting({
  key: ['control', 'limit'],
  path: '/control/limit',
  view,
  input: z.object({ limit: z.number() }),
  feeds: [['limit', 'public']],
});

/** The hooks of one page, and a query built on the setting (what `feeds` refetches). */
function renderSetting() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      setting: useAdminSetting(setting),
      save: useSaveAdminSetting(setting),
      feed: useQuery({
        queryKey: ['limit', 'public'],
        queryFn: () => fetch('/api/limit').then((response) => response.json() as Promise<unknown>),
      }),
    }),
    { wrapper },
  );
}

afterEach(cleanup);

describe('admin setting', () => {
  it('shows the saved view at once and refetches what is built on it', async () => {
    let stored = 5;
    const sent = serveApi({
      'GET /api/control/limit': () => ({ limit: stored, updatedAt: null }),
      'PUT /api/control/limit': ({ body }) => {
        stored = (body as { limit: number }).limit;
        return { limit: stored, updatedAt: '2026-11-28T12:00:00.000Z' };
      },
      'GET /api/limit': () => ({ limit: stored }),
    });
    const { result } = renderSetting();
    await waitFor(() => expect(result.current.setting.data?.limit).toBe(5));
    await waitFor(() => expect(result.current.feed.data).toEqual({ limit: 5 }));

    const saved = await act(() => result.current.save.mutateAsync({ limit: 7 }));
    expect(saved.ok).toBe(true);
    expect(result.current.setting.data).toEqual({
      limit: 7,
      updatedAt: '2026-11-28T12:00:00.000Z',
    });
    await waitFor(() => expect(result.current.feed.data).toEqual({ limit: 7 }));
    const reads = sent.filter((r) => r.method === 'GET' && r.path === '/api/control/limit');
    expect(reads).toHaveLength(1);
  });

  it('keeps the stored view and hands back the refusal when a save fails', async () => {
    serveApi({
      'GET /api/control/limit': () => ({ limit: 5, updatedAt: null }),
      'PUT /api/control/limit': () =>
        Response.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 }),
      'GET /api/limit': () => ({ limit: 5 }),
    });
    const { result } = renderSetting();
    await waitFor(() => expect(result.current.setting.data?.limit).toBe(5));

    const saved = await act(() => result.current.save.mutateAsync({ limit: 7 }));
    expect(saved).toMatchObject({ ok: false, code: 403, error: 'Admins only' });
    expect(result.current.setting.data).toEqual({ limit: 5, updatedAt: null });
  });

  it('fails the read when the API refuses it', async () => {
    serveApi({
      'GET /api/control/limit': () =>
        Response.json({ code: 'FORBIDDEN', message: 'No' }, { status: 403 }),
      'GET /api/limit': () => ({ limit: 5 }),
    });
    const { result } = renderSetting();
    await waitFor(() => expect(result.current.setting.isError).toBe(true));
    expect(result.current.setting.error?.message).toBe('FORBIDDEN');
  });
});
