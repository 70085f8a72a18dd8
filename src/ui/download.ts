/**
 * Hands a file to the browser's download, named `name`. The object URL is
 * revoked a while later: revoked at once, some browsers would cancel the
 * download the click started.
 */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
