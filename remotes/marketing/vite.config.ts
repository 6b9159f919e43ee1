import { defineConfig } from 'vite';
import { remoteViteConfig } from '@app/shared/build/federation';

export default defineConfig(remoteViteConfig('marketing', 5101, { './routes': './src/routes.tsx' }));
