/** Ways to reach customer service besides the support phone (which lives in @jinfa/shared). */
export const SUPPORT_EMAIL = 'service@jinfaketang.com';
export const SUPPORT_HOURS = '工作日 9:00–18:00';
export const WECHAT_SERVICE_ACCOUNT = '金法课堂';
export const WECHAT_SERVICE_ID = 'jinfaketang';
