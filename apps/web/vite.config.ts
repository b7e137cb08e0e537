import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // Before the package's index: the login form's checks alone, not all of contracts (147 KB).
      '@app/contracts/auth': path.resolve(__dirname, '../../libs/contracts/src/auth.ts'),
      '@app/contracts': path.resolve(__dirname, '../../libs/contracts/src/index.ts'),
      '@': path.resolve(__dirname, 'src'),
    },
  },
  server: { proxy: { '/api': gateway, '/auth/v1': gateway } },
  build: { reportCompressedSize: true, chunkSizeWarningLimit: 500 },
});
