/** 13800138000 → 138****8000; anything that is not 11 digits is masked in the middle. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  const digits = mobile.trim();
  // Already masked by the server (e.g. preset users): keep it.
  if (digits.includes('*')) return digits;
  if (/^\d{11}$/.test(digits)) return `${digits.slice(0, 3)}****${digits.slice(7)}`;
  if (digits.length <= 4) return digits;
  const keep = Math.floor(digits.length / 4);
  return `${digits.slice(0, keep)}${'*'.repeat(digits.length - keep * 2)}${digits.slice(-keep)}`;
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
