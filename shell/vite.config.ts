import { defineConfig } from 'vite';
import { shellViteConfig } from '@app/shared/build/federation';

export default defineConfig(shellViteConfig(5100, { target: 'http://localhost:8080', changeOrigin: false }));
