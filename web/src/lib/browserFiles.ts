/** Byte-order mark: lets spreadsheet apps (Excel) read a CSV file as UTF-8. */
const UTF8_BOM = '\uFEFF';

/** Saves `text` as a file named `fileName` through the browser's download. */
export function downloadText(text: string, fileName: string, mimeType: string, withBom = false): void {
  downloadBlob(new Blob([withBom ? UTF8_BOM + text : text], { type: `${mimeType};charset=utf-8` }), fileName);
}

/** Saves `blob` as a file named `fileName` through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Puts `text` on the clipboard; rejects when the browser refuses or has no clipboard API. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
  await navigator.clipboard.writeText(text);
}
