/** Spec 3 (Auth cookies): a device id cookie identifies the browser for flags; a year, like the tokens. */
export const DEVICE_COOKIE = 'deviceId'
const MAX_AGE_S = 365 * 86_400

export function deviceId(): string {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = decodeURIComponent(part.slice(eq + 1).trim())
      if (/^[A-Za-z0-9-]{8,64}$/.test(value)) return value
    }
  }
  const fresh = crypto.randomUUID()
  const secure = location.protocol === 'https:' ? '; secure' : ''
  document.cookie = `${DEVICE_COOKIE}=${fresh}; path=/; max-age=${MAX_AGE_S}; samesite=lax${secure}`
  return fresh
}
