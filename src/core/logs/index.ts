/**
 * Crawler requests from server logs, judged against the robots.txt live at
 * each request: log readers, who asked, which version was live, the report.
 */
export {
  type CrawlerReport,
  DEFAULT_GRACE_MS,
  LOG_LIMITS,
  LogAudit,
  type Violation,
} from './audit';
export { CombinedLogReader, looksLikeClf } from './clf';
export { CsvLogReader, type FieldMapping, fieldMapping, JsonLinesReader, LOG_FIELDS, type LogField } from './fields';
export { IpRanges } from './ipRanges';
export type { LogLineReader } from './request';
export { parseLogTime } from './time';
export { type RobotsVersion, Timeline, type VersionMode } from './timeline';
