import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

// Names a chunk after the feature folder a module lives in, so each route ships as its own file
// and a change to one feature never invalidates another feature's cached chunk.
function featureChunk(id: string): string | null {
  const match = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id);
  return match ? `feature-${match[1]}` : null;
}

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'baseline-widely-available',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely; one long-lived cached chunk for them.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: featureChunk, priority: 2 },
          ],
        },
      },
    },
  },
});
