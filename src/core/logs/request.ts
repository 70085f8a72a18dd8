/**
 * One request as an access log records it, whatever the log's format: what
 * the log readers produce and the audit consumes.
 */

/** One request read from an access log. */
export interface LogRequest {
  /** When it was made: milliseconds since the epoch, UTC. */
  time: number;
  /** The client's address as logged; '' when the log has none. */
  ip: string;
  /** The request target as logged: a path with its query, or a full URL. */
  target: string;
  /** The response's HTTP status; 0 when the log has none. */
  status: number;
  /** The User-Agent header; '' when the log has none (common log format). */
  userAgent: string;
}

/** A log line's reading: the request, or why the line could not be read. */
export type LineReading = LogRequest | { error: string };

/** Reads one log line; the reader keeps whatever it learns from earlier lines (a CSV header). */
export interface LogLineReader {
  /** The format's name, for messages ("combined log format"). */
  readonly format: string;
  /** The reading of one line, or null for a line that holds no request (a header, a blank line). */
  read(line: string): LineReading | null;
}
