import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers for the API and the built web app. The CSP fits the Vite build: scripts
 * and fonts are bundled files of our own origin; MUI (emotion) injects <style> elements, so
 * inline styles are allowed; images may be data:/blob: (previews of files being uploaded);
 * the socket connects to our own origin over ws/wss. HTTPS itself is the proxy's business,
 * so there is no upgrade-insecure-requests (it would break plain-HTTP local runs).
 */
async function security(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
}

export const securityPlugin = fp(security, { name: 'security' });
