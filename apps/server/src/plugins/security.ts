import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for the API and the built web app. The CSP fits the Vite build: scripts
 * and fonts are bundled files of our own origin; MUI (emotion) injects <style> elements, so
 * inline styles are allowed; images may be data:/blob: (previews of files being uploaded);
 * the socket connects to our own origin over ws/wss. HTTPS itself is the proxy's business,
 * so there is no upgrade-insecure-requests (it would break plain-HTTP local runs).
 */
const setSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  // The web app may open wallet and payment pages in popups that talk back to it.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * Helmet itself, built once, rather than `@fastify/helmet`, which builds it again for every
 * request: parsing the options and the policy's directives took about 100 µs a request, a
 * per cent of the server's thread under the meet benchmark's chat alone (docs/decisions.md).
 */
async function security(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) =>
      done(error === undefined || error instanceof Error ? error : new Error(String(error))),
    );
  });
}

export const securityPlugin = fp(security, { name: 'security' });
