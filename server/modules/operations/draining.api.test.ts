import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { backends, startTestApp } from '../../test/harness.js';

/** A raw HTTP/1.1 connection: what is written, and the answers' statuses and Connection headers read back. */
async function rawConnection(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let ended = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('close', () => {
    ended = true;
  });
  socket.on('error', () => undefined);
  const answers = () =>
    received
      .split('HTTP/1.1 ')
      .slice(1)
      .map((answer) => ({
        status: Number(answer.slice(0, 3)),
        connection: /\r\nconnection: ([^\r]+)/i.exec(answer)?.[1]?.toLowerCase() ?? null,
      }));
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return {
    write: (text: string) => socket.write(text),
    request: (path: string) => `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n`,
    async answered(count: number) {
      await until(() => answers().length >= count);
      return answers();
    },
    async closedByServer() {
      await until(() => ended);
      return ended;
    },
    close: () => socket.destroy(),
  };
}

/**
 * SIGTERM with traffic still arriving (issue 43 §12; decision 0067). Draining, the instance keeps accepting
 * and answers every request with `Connection: close`, so each connection ends after its answer; a request
 * that reaches it as it closes is answered, not refused with 503.
 */
describe.each(backends)('draining on %s', (backend) => {
  it('keeps answering on kept-alive and new connections with Connection: close, and answers what arrives as it closes', async () => {
    const harness = await startTestApp(backend);
    try {
      const idle = await rawConnection(harness.baseUrl);
      idle.write(`${idle.request('/api/health')}\r\n`);
      expect(await idle.answered(1)).toEqual([{ status: 200, connection: 'keep-alive' }]);

      harness.app.lifecycle.drain();
      // A connection kept alive from before is still served (closing it under a client sending on it would
      // reset that request), and told to go.
      idle.write(`${idle.request('/api/health')}\r\n`);
      expect(await idle.answered(2)).toEqual([
        { status: 200, connection: 'keep-alive' },
        { status: 200, connection: 'close' },
      ]);
      expect(await idle.closedByServer()).toBe(true);
      const during = await rawConnection(harness.baseUrl);
      during.write(`${during.request('/api/health')}\r\n`);
      expect(await during.answered(1)).toEqual([{ status: 200, connection: 'close' }]);
      expect(await during.closedByServer()).toBe(true);

      // A request on its way (its headers arriving) as the instance closes is answered, not 503.
      const late = await rawConnection(harness.baseUrl);
      late.write(late.request('/api/health/live'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = harness.app.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      late.write('\r\n');
      const [answer] = await late.answered(1);
      await closing;
      expect(answer).toEqual({ status: 200, connection: 'close' });
    } finally {
      await harness.close();
    }
  });
});
