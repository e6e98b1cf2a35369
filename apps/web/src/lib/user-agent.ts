/** Browser sniffing needed by the login page (WeChat one-tap vs desktop QR code). */

function currentUa(): string {
  return typeof navigator !== 'undefined' ? navigator.userAgent : '';
}

export function isWechat(ua: string = currentUa()): boolean {
  return /MicroMessenger/i.test(ua);
}

export function isMobileDevice(ua: string = currentUa()): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|MicroMessenger/i.test(ua);
}
