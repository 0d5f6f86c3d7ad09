import { useMutation } from '@tanstack/react-query';
import { personalDataExportSchema } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { personalDataFileName, saveJsonFile } from '../../../lib/save-json-file.ts';

/** `GET /api/users/me/data`: everything the shop holds about the customer, saved as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await apiRequest('/users/me/data', personalDataExportSchema, { cache: 'no-store' });
  saveJsonFile(personalDataFileName(data.shop.name, data.exported_at), data);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
