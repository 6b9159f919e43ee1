/**
 * Tests run as CommonJS through ts-jest (no type checks: `pnpm typecheck` does those).
 * server-paths uses import.meta, which CommonJS cannot parse, so tests get a twin that finds
 * the same folders from its own location. Dependencies go through jest/node-modules-to-cjs.cjs
 * (see there why).
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true, module: 'commonjs', moduleResolution: 'bundler', target: 'es2022', esModuleInterop: true } }],
    '/node_modules/.+\\.[mc]?js$': '<rootDir>/jest/node-modules-to-cjs.cjs',
  },
  transformIgnorePatterns: [],
  moduleNameMapper: {
    '^(\\.{1,2}/)+server-paths$': '<rootDir>/src/testing/server-paths.cjs-twin.ts',
  },
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
  testTimeout: 30000,
  // Jest's default on a 2-core machine is one worker; each test file has its own database, so two
  // files run side by side safely and the suite (run twice in CI: PGlite, then PostgreSQL) takes far less time.
  maxWorkers: 2,
};
