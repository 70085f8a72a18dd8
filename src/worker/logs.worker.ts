/**
 * The logs worker's entry: serves LogsApi on the worker global. One worker
 * per run (app/logsRun.ts), so a log of gigabytes never holds the page's
 * main worker.
 */
import { LogsApi } from './logsApi';
import { type Port, serve } from './rpc';

// The DOM lib types `self` as a Window; the dedicated worker global is a port.
serve(new LogsApi(), self as unknown as Port);
