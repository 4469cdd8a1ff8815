import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';

/** GET /campaigns/{id}/stats.csv, saved as a file (the call needs the session, so no plain link). */
export async function downloadStatsCsv(id: number): Promise<boolean> {
  const result = await api.get<string>(campaignsPaths.statsCsv(id));
  if (!result.ok) return false;
  const url = URL.createObjectURL(new Blob([result.data], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `campaign-${id}.csv`;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
