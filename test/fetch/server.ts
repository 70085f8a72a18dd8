/**
 * A robots.txt server for the fetch tests, on 127.0.0.1 only: each scenario
 * is an origin of its own, told apart by the Host header
 * (`http://s503.test/robots.txt`, reached with --connect-to), so one server
 * plays every site. `localhost:PORT` and `127.0.0.1:PORT` are two origins
 * of the same server, for a redirect across origins with no --connect-to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** The file most scenarios serve. */
export const RULES = 'User-agent: *\nDisallow: /private\n';
/** The file the cross-origin redirect reaches. */
export const TARGET_RULES = 'User-agent: *\nDisallow: /from-target\n';
/** 600 KiB of rules: Google reads only the first 500 KiB. */
export const BIG = `User-agent: *\n${'Disallow: /x\n'.repeat(Math.ceil((600 * 1024) / 13))}`.slice(0, 600 * 1024);
export const ETAG = '"v1"';
export const LAST_MODIFIED = 'Wed, 21 Oct 2026 07:28:00 GMT';

type Handler = (req: IncomingMessage, res: ServerResponse, port: number) => void;

const text =
  (status: number, body: string, type = 'text/plain') =>
  (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

/** `hops` redirects on this origin, then the file. */
const chain =
  (hops: number): Handler =>
  (req, res) => {
    const at = req.url === '/robots.txt' ? 0 : Number(/^\/hop\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    if (at < hops) {
      res.writeHead(301, { location: `/hop/${at + 1}` });
      res.end();
    } else text(200, RULES)(req, res);
  };

const SITES: Record<string, Handler> = {
  ok: text(200, RULES),
  r1: chain(1),
  r5: chain(5),
  r6: chain(6),
  loop: (req, res) => {
    res.writeHead(302, { location: req.url === '/robots.txt' ? '/again' : '/robots.txt' });
    res.end();
  },
  cross: (_, res) => {
    res.writeHead(301, { location: 'http://target.test/robots.txt' });
    res.end();
  },
  target: text(200, TARGET_RULES),
  nowhere: (_, res) => {
    res.writeHead(301);
    res.end();
  },
  s401: text(401, 'who are you?'),
  s403: text(403, '<h1>Forbidden</h1>', 'text/html'),
  s404: text(404, 'not found'),
  s429: text(429, 'slow down'),
  s500: text(500, 'oops'),
  s503: text(503, '<html><body>maintenance</body></html>', 'text/html'),
  slow: () => {
    // Never answers: the client's deadline decides.
  },
  big: text(200, BIG),
  html: text(200, '<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>Home</body></html>\n', 'text/html'),
  empty: text(200, ''),
  gzip: (_, res) => {
    const body = gzipSync(RULES);
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': body.length });
    res.end(body);
  },
  cut: (_, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 1000 });
    res.write('User-agent: *\n');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  etag: (req, res) => {
    if (req.headers['if-none-match'] === ETAG || req.headers['if-modified-since'] === LAST_MODIFIED) {
      res.writeHead(304, { etag: ETAG });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', etag: ETAG, 'last-modified': LAST_MODIFIED });
    res.end(RULES);
  },
};

/** A running test server: its port, the requests it saw, and how to stop it. */
export interface RobotsServer {
  port: number;
  /** Every request: host, path, and the headers tests look at. */
  seen: { host: string; path: string; userAgent: string; ifNoneMatch: string | undefined }[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (an ephemeral port). */
export async function startRobotsServer(): Promise<RobotsServer> {
  const seen: RobotsServer['seen'] = [];
  let port = 0;
  const server: Server = createServer((req, res) => {
    const host = req.headers.host ?? '';
    seen.push({
      host,
      path: req.url ?? '',
      userAgent: req.headers['user-agent'] ?? '',
      ifNoneMatch: req.headers['if-none-match'],
    });
    const name = host === `localhost:${port}` ? 'cross-local' : host.replace(/\.test(?::\d+)?$/, '');
    if (name === 'cross-local') {
      res.writeHead(301, { location: `http://127.0.0.1:${port}/robots.txt` });
      res.end();
      return;
    }
    if (host === `127.0.0.1:${port}`) return text(200, TARGET_RULES)(req, res);
    const site = SITES[name];
    if (site) site(req, res, port);
    else text(404, 'no such site')(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
