/**
 * `inline` with the file's name: plain ASCII for old clients (`КП` as `KP`), and the name itself in
 * UTF-8 (RFC 6266) for the rest.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/КП/g, 'KP').replace(/[^\w.-]/g, '_')
  if (ascii === filename) return `inline; filename="${filename}"`
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}
