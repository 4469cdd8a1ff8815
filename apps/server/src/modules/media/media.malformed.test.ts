import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('POST /media with malformed multipart', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1500', AUTH_RATE_LIMIT_PER_IP: '1000' });
    token = (await registerUser(t.app)).token;
  });
  afterAll(() => t.close());

  const post = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n\r\n'],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n\r\n'],
    [
      'a body cut off inside a part',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot finished',
    ],
  ])('answers 400 with the error body for %s', async (_name, contentType, payload) => {
    const response = await post(contentType, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers 408 with the error body when the body never ends', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /api/media HTTP/1.1\r\nHost: x\r\n' +
            `Authorization: Bearer ${token}\r\nx-fp: fp-test-device\r\n` +
            'Content-Type: multipart/form-data; boundary=abc\r\nContent-Length: 100000\r\n\r\n--abc\r\n',
        ),
      );
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: expect.any(String),
    });
  });
});
