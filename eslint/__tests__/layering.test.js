import path from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { layeringPlugin } from '../layering.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file) => path.join(root, file);
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
  ],
});
