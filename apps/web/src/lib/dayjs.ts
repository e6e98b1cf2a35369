import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Simplified Chinese date display; the zh-cn locale already starts weeks on Monday (weekStart: 1).
dayjs.locale('zh-cn');

export { dayjs };
