/**
 * Saves `data` as a JSON file on the person's device: a blob link clicked once. The download comes
 * through the API client (with its bearer token and schema), so a plain link to the API cannot do it.
 */
export function saveJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: free the blob a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `meine-daten-<shop>-<yyyy-mm-dd>.json`, as the server names the file: plain letters, the export's day. */
export function personalDataFileName(shopName: string, exportedAt: string): string {
  const shop = shopName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const day = /^\d{4}-\d{2}-\d{2}/.exec(exportedAt)?.[0] ?? new Date().toISOString().slice(0, 10);
  return `meine-daten-${shop || 'shop'}-${day}.json`;
}
