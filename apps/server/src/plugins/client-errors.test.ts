import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(port: number, bytes: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      try {
        resolve({ status, body: JSON.parse(body) });
      } catch {
        reject(new Error(`not JSON: ${data}`));
      }
    });
  });
}

describe('requests the HTTP parser rejects', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('answers a malformed request line with 400 and the one error body', async () => {
    const answer = await rawRequest(port, 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers oversized headers with 431 and the one error body', async () => {
    const huge = 'a'.repeat(20_000);
    const answer = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${huge}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'The request headers are too large',
    });
  });
});
