/**
 * Resolves in a later task, so the browser can paint and answer taps in between. Its own module: the
 * page's first script (src/boot.ts) uses it without taking in anything else.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
