import QRCode from 'qrcode'

/** The QR code of a payment's payload as an SVG document (a one-module quiet zone), for the store to show. */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
}
