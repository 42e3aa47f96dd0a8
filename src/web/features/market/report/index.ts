export { MarketReportPage } from "./report-page";
