/**
 * A small round-robin HTTP load balancer for tests that run several server processes: each request
 * goes to the next backend in turn (strictly alternating between two), bodies and answers stream
 * through untouched (uploads, Server-Sent Events), and X-Forwarded-For gets the client's address
 * appended as nginx's `proxy_add_x_forwarded_for` does. It records which backend served each request.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

type Served = { method: string; path: string; backend: number };

export type LoadBalancer = {
  base: string;
  /** Every request in arrival order, with the index of the backend that got it. */
  served: Served[];
  close(): Promise<void>;
};

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

export async function startLoadBalancer(backends: string[]): Promise<LoadBalancer> {
  const served: Served[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const backend = next++ % backends.length;
    served.push({ method: req.method ?? 'GET', path: req.url ?? '/', backend });
    const target = new URL(req.url ?? '/', backends[backend]);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(target, {
      method: req.method,
      // Host stays the one the client asked for, as a proxy in front of PUBLIC_URL passes it on.
      headers: { ...withoutHopByHop(req.headers), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      res.flushHeaders(); // an event stream's headers go out before its first event
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    // A client that goes away (a closed event stream) ends the backend's request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
