/** How long Torg keeps what, as configured: the privacy page says it in words. */
export interface RetentionPeriods {
  aiLogDays: number;
  smsLogDays: number;
  viewCountDays: number;
  orderContactYears: number;
  sessionDays: number;
}
