/** Languages, the message catalogue and the formats of dates and numbers for people. */
export { chooseLang, langFlag, langOf, langs, type Lang } from './lang.js';
export { messagesFor, type Messages } from './messages.js';
export { formatIsoDate, formatNumber, localeOf, monthName, monthTitle, plural, weekdayNames } from './format.js';
export type { Translation } from './shape.js';
