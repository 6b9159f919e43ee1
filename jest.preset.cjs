// One jest setup for every browser-side package: jsdom, ts-jest, jest-dom matchers.
const path = require('node:path');

module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          isolatedModules: true,
          jsx: 'react-jsx',
          module: 'commonjs',
          moduleResolution: 'node',
          esModuleInterop: true,
          target: 'ES2022',
          verbatimModuleSyntax: false,
          rootDir: __dirname,
          ignoreDeprecations: '6.0',
        },
      },
    ],
  },
  moduleNameMapper: {
    // The build helpers are CommonJS beside the sources, not under src/.
    '^@app/shared/build/(shared-singletons|remote-contract|release-control)$': path.join(__dirname, 'packages/shared/build/$1.cjs'),
    '^@app/shared$': path.join(__dirname, 'packages/shared/src/index.ts'),
    '^@app/shared/(.*)$': path.join(__dirname, 'packages/shared/src/$1'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
};
