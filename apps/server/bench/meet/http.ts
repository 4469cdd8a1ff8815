import { Agent, request } from 'node:http';

/** Kept-alive connections for the phones' REST calls (node:http costs them less than fetch). */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export function postJson(
  url: string,
  token: string,
  payload: object,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}
