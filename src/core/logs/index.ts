/**
 * Crawler requests from server logs, judged against the robots.txt live at
 * each request: log readers, who asked, which version was live, the report.
 * The CLI and the page's logs worker share all of it; only reading files
 * (Node streams and git, or a File's stream) is theirs.
 */

export { crawlersNamed } from './agents';
export { type CrawlerReport, DEFAULT_GRACE_MS, LOG_LIMITS, LogAudit, type Violation } from './audit';
export { LOG_FORMATS, LogFeed, type LogFormat } from './feed';
export { fieldMapping, LOG_FIELDS, type LogField } from './fields';
export { type FileHistory, HistoryError, historyFromFiles } from './history';
export { addCrawlerRanges, type IpRanges } from './ipRanges';
export { LineSplitter } from './lines';
export {
  columns,
  FORMATS,
  type Format,
  formatReport,
  VIOLATION_COLUMNS,
  type ViolationRecord,
  violationCells,
  violationRecord,
} from './report';
export { type RobotsVersion, Timeline } from './timeline';
