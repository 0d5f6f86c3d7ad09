import { apiErrorSchema, type CsvDecimal } from '@pizzeria/domain';
import { currentLanguage } from '../../../../i18n/index.ts';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';

export interface OrdersCsvRequest {
  from: string;
  to: string;
  decimal: CsvDecimal;
}

export interface CsvFile {
  blob: Blob;
  filename: string;
}

/** The name the server gives in `Content-Disposition`, else one of our own. */
function filenameOf(response: Response, request: OrdersCsvRequest): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return named?.[1] ?? `orders-${request.from}-${request.to}.csv`;
}

async function requestCsv(path: string, token: string): Promise<Response> {
  return fetch(`/api${path}`, {
    headers: { Accept: 'text/csv', 'Accept-Language': currentLanguage(), Authorization: `Bearer ${token}` },
  });
}

/**
 * `GET /api/admin/reports/orders.csv`: the file as a blob. Not `staffRequest`, which reads JSON; the same
 * staff token, renewed once when the server refuses it (401). Errors carry the server's code and message.
 */
export async function downloadOrdersCsv(request: OrdersCsvRequest): Promise<CsvFile> {
  const path = `/admin/reports/orders.csv?${new URLSearchParams({ ...request }).toString()}`;
  let response = await requestCsv(path, await staffAccessToken());
  if (response.status === 401) response = await requestCsv(path, await staffAccessToken({ renew: true }));
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(await response.json().catch(() => null));
    throw error.success
      ? new ApiRequestError(response.status, error.data.code, error.data.message)
      : new ApiRequestError(response.status, 'http_error', `HTTP ${response.status}`);
  }
  return { blob: await response.blob(), filename: filenameOf(response, request) };
}
