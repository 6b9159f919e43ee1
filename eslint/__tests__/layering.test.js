import path from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { layeringPlugin } from '../layering.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file) => path.join(root, file);
/** A case the rule refuses because `code`, in `file`, names a file inside the server module `module`. */
const reachesInto = (file, module, code) => ({
  filename: at(file),
  code,
  errors: [{ message: new RegExp(`reaches into the files of the module ${module}:`) }],
});
const LEADS_SERVICE = 'server/src/modules/leads/service.ts';
const PROSPECTS_TEST = 'server/src/modules/prospects/__tests__/change-status.test.ts';
/** A case the rule refuses because `code`, in `file`, imports from a higher (or the same) layer of server/src. */
const crossesLayers = (file, code, message) => ({ filename: at(file), code, errors: [{ message }] });
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('layering/boundaries', layeringPlugin.rules.boundaries, {
  valid: [
    { filename: at('remotes/crm/src/features/leads/components/lead-card.tsx'), code: "import { x } from '../api/get-leads';" },
    { filename: at('remotes/crm/src/features/leads/components/lead-card.tsx'), code: "import { x } from '../../../components/layout';" },
    { filename: at('remotes/crm/src/pages/crm-page.tsx'), code: "import { x } from '../features/leads/components/leads-tab';" },
    { filename: at('remotes/crm/src/features/leads/components/lead-card.tsx'), code: "import { x } from '@app/shared';" },
    { filename: at('server/src/modules/leads/routes.ts'), code: "import { x } from '@app/shared/contracts';" },
    { filename: at('packages/shared/src/contracts/leads.ts'), code: "import { z } from 'zod';" },
    { filename: at('server/src/config.ts'), code: "import { REMOTE_NAMES } from '@app/shared/federation/remote-names';" },
    // Server modules: another module through its index.ts; a module's own files, tests included, directly.
    { filename: at('server/src/modules/leads/service.ts'), code: "import { auditRepository } from '../audit';" },
    { filename: at('server/src/app.ts'), code: "import { prospectsRoutes } from './modules/prospects';" },
    { filename: at('server/bench/board.ts'), code: "import { leadsService } from '../src/modules/leads';" },
    { filename: at('server/src/modules/prospects/service.ts'), code: "import { prospectsRepository } from './repository';" },
    { filename: at('server/src/modules/auth/__tests__/auth.test.ts'), code: "import { signAccessToken } from '../tokens';" },
    { filename: at('server/src/modules/prospects/__tests__/change-status.test.ts'), code: "jest.mock('../../leads');" },
    { filename: at('eslint/__tests__/fixtures/server/src/modules/alpha/service.ts'), code: "import { betaName } from '../beta';" },
    { filename: at('server/src/modules/leads/service.ts'), code: "const fs = require('node:fs');" },
    // The layers of server/src: each folder imports from lower layers; tests and test helpers from anywhere.
    { filename: at('server/src/seed/seed.ts'), code: "import { usersRepository } from '../modules/users';" },
    { filename: at('server/src/http/errors.ts'), code: "import { isDatabaseUnavailable } from '../db/database-away';" },
    { filename: at('server/src/tenancy/tenant-access.ts'), code: "import { Refusal } from '../lib/refusal';" },
    { filename: at('server/src/db/migrate.ts'), code: "import { migrationsFolder } from '../server-paths';" },
    { filename: at('server/src/server.ts'), code: "import { seedDemo } from './seed/seed';" },
    { filename: at('server/src/db/wall/scoped-db.ts'), code: "import { schema } from '../schema';" },
    { filename: at('server/src/db/__tests__/backup.test.ts'), code: "import { seedDemo } from '../../seed/seed';" },
    { filename: at('server/src/testing/test-app.ts'), code: "import { buildApp } from '../app';" },
    { filename: at('server/bench/board.ts'), code: "import { seedDemo } from '../src/seed/seed';" },
    // A path known only at run time cannot be checked.
    { filename: at('server/src/modules/leads/service.ts'), code: 'const load = (name) => import(`../${name}/repository`);' },
  ],
  invalid: [
    {
      filename: at('remotes/crm/src/features/leads/components/lead-card.tsx'),
      code: "import { x } from '../../prospects/api/get-prospects';",
      errors: [{ message: /features do not import each other/ }],
    },
    {
      filename: at('remotes/crm/src/pages/crm-page.tsx'),
      code: "import { x } from '../../../admin/src/pages/users-page';",
      errors: [{ message: /apps import each other only through @app\/shared/ }],
    },
    {
      filename: at('shell/src/app/routes.tsx'),
      code: "const m = import('@app/crm/crm');",
      errors: [{ message: /apps import each other only through @app\/shared/ }],
    },
    {
      filename: at('server/src/modules/leads/routes.ts'),
      code: "import { toast } from '@app/shared';",
      errors: [{ message: /React-free parts/ }],
    },
    {
      filename: at('server/src/config.ts'),
      code: "import { x } from '@app/shared/federation/standalone';",
      errors: [{ message: /React-free parts/ }],
    },
    {
      filename: at('packages/shared/src/contracts/leads.ts'),
      code: "import styled from 'styled-components';",
      errors: [{ message: /free of UI code/ }],
    },
    {
      filename: at('server/src/modules/leads/service.ts'),
      code: "import { auditRepository } from '../audit/repository';",
      errors: [{ message: "'../audit/repository' reaches into the files of the module audit: import it through its index.ts ('../audit')." }],
    },
    {
      filename: at('server/src/app.ts'),
      code: "import { prospectsService } from './modules/prospects/service';",
      errors: [{ message: /reaches into the files of the module prospects: import it through its index.ts \('\.\/modules\/prospects'\)/ }],
    },
    {
      filename: at('server/src/modules/prospects/service.ts'),
      code: "import { prospectsRoutes } from './index';",
      errors: [{ message: /this module's own index.ts/ }],
    },
    {
      // alpha imports beta (the fixture on disk), so beta may not import alpha.
      filename: at('eslint/__tests__/fixtures/server/src/modules/beta/service.ts'),
      code: "import { alphaName } from '../alpha';",
      errors: [{ message: /closes a circle of modules \(beta → alpha → beta\)/ }],
    },
    {
      // The server's own modules: auth signs users in, so users may not need auth back.
      filename: at('server/src/modules/users/service.ts'),
      code: "import { userSessions } from '../auth';",
      errors: [{ message: /closes a circle of modules \(users → auth → users\)/ }],
    },
    reachesInto(LEADS_SERVICE, 'audit', "const { auditRepository } = require('../audit/repository');"),
    reachesInto(PROSPECTS_TEST, 'leads', "jest.mock('../../leads/repository');"),
    reachesInto(PROSPECTS_TEST, 'leads', "const real = jest.requireActual('../../leads/repository');"),
    reachesInto(LEADS_SERVICE, 'audit', 'const audit = import(`../audit/repository`);'),
    reachesInto(LEADS_SERVICE, 'audit', "const dir = '../audit';\nconst audit = import(`${dir}/repository`);"),
    crossesLayers(
      'server/src/db/database-away.ts',
      "import { isDatabaseUnavailable } from '../http/database-errors';",
      /^'\.\.\/http\/database-errors' runs up from db to http \(lib, server-paths < config < db < tenancy, mail, http < modules < seed < app < server\)/,
    ),
    crossesLayers('server/src/db/seed.ts', "import { usersRepository } from '../modules/users';", /runs up from db to modules/),
    crossesLayers('server/src/modules/leads/service.ts', "import { DEMO_STAFF } from '../../seed/seed';", /runs up from modules to seed/),
    crossesLayers('server/src/lib/today.ts', "const config = import('../config');", /runs up from lib to config/),
    crossesLayers('server/src/http/shared-counters.ts', "jest.mock('../app');", /runs up from http to app/),
    crossesLayers('server/src/tenancy/tenant-access.ts', "import { forbidden } from '../http/errors';", /tenancy and http stand in one layer and stay apart/),
    crossesLayers('server/src/mail/deliver.ts', "import { startServer } from '../server';", /runs up from mail to server/),
    crossesLayers('server/src/modules/leads/service.ts', "import { createTestApp } from '../../testing/test-app';", /imports the test helpers of testing\//),
    crossesLayers(
      'server/src/reports/export.ts',
      "import { openDatabase } from '../db/client';",
      /reports has no place in the server's layers: add it to SERVER_LAYERS/,
    ),
    {
      filename: at('remotes/crm/src/pages/crm-page.tsx'),
      code: "const page = require('../../../admin/src/pages/users-page');",
      errors: [{ message: /apps import each other only through @app\/shared/ }],
    },
    {
      filename: at('remotes/crm/src/features/leads/components/__tests__/lead-card.test.tsx'),
      code: "jest.mock('../../../prospects/api/get-prospects');",
      errors: [{ message: /features do not import each other/ }],
    },
  ],
});

// TypeScript's own ways of naming a module: `import x = require()` and `typeof import()`.
new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('layering/boundaries (TypeScript)', layeringPlugin.rules.boundaries, {
  valid: [{ filename: at('server/src/modules/leads/service.ts'), code: "type Audit = typeof import('../audit');" }],
  invalid: [
    crossesLayers('server/src/db/client.ts', "type Errors = typeof import('../http/errors');", /runs up from db to http/),
    crossesLayers('server/src/db/client.ts', "import type { AuthUser } from '../modules/auth';", /runs up from db to modules/),
    reachesInto(LEADS_SERVICE, 'audit', "type Audit = typeof import('../audit/repository');"),
    reachesInto(LEADS_SERVICE, 'audit', "import audit = require('../audit/repository');"),
    {
      filename: at('server/src/modules/users/service.ts'),
      code: "import type { SessionCache } from '../auth';",
      errors: [{ message: /closes a circle of modules \(users → auth → users\)/ }],
    },
  ],
});
