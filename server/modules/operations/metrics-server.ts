import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { bearerTokenMatches, METRICS_TEXT } from './metrics.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT, bound to METRICS_HOST), for a network only Prometheus
 * reaches (decision 0067). With METRICS_TOKEN set it asks for the token here too.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
  token: string | undefined;
  log: { error(details: object, message: string): void };
}): Promise<MetricsServer> {
  const { registry, token } = options;
  const server = createServer((request, response) => {
    const json = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message }));
    };
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') return json(404, 'Not found');
    if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token))
      return json(401, METRICS_TEXT.tokenRequired);
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics could not be collected');
        json(500, 'Metrics could not be collected');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
