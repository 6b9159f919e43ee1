import {
  activityListResponseSchema,
  leadListResponseSchema,
  leadSchema,
  pipelineSummarySchema,
  prospectListResponseSchema,
  quotationListResponseSchema,
  taskListResponseSchema,
  taskSchema,
  type Visibility,
} from '@app/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { leads, pipelineStages, prospects, quotations, tasks, teamMembers, teams, users } from '../../db/schema';
import { userContext, type DbContext } from '../../db/wall/context';
import { expectStatus } from '../../testing/crm-fixture';
import { createQuotation } from '../../testing/quotation-helpers';
import { createStatusFixture, type StatusFixture } from '../../testing/status-fixture';
import { userScope } from '../scope';

/**
 * Who sees what, endpoint by endpoint: own, team and all users of two teams, an admin and a user
 * of another tenant, against one prospect, lead and quotation of each owner (and unassigned ones).
 */
type Person = 'ownA' | 'teamA' | 'allA' | 'ownB' | 'teamB';
const PEOPLE: Record<Person, { team: 'A' | 'B'; visibility: Visibility }> = {
  ownA: { team: 'A', visibility: 'own' },
  teamA: { team: 'A', visibility: 'team' },
  allA: { team: 'A', visibility: 'all' },
  ownB: { team: 'B', visibility: 'own' },
  teamB: { team: 'B', visibility: 'team' },
};
const OWNERS = [...(Object.keys(PEOPLE) as Person[]), null] as const;
type Owner = (typeof OWNERS)[number];

/** Whose records each caller sees (besides the unassigned ones): the rule of the issue, written out. */
const SEES: Record<Person | 'admin', 'all' | Person[]> = {
  ownA: ['ownA'],
  teamA: ['ownA', 'teamA', 'allA'],
  allA: 'all',
  ownB: ['ownB'],
  teamB: ['ownB', 'teamB'],
  admin: 'all',
};
const sees = (caller: Person | 'admin', owner: Owner) => owner === null || SEES[caller] === 'all' || (SEES[caller] as Person[]).includes(owner);

let fx: StatusFixture;
const ids: Record<Person, string> = {} as Record<Person, string>;
const tokens: Record<Person | 'admin' | 'outsider', string> = {} as Record<Person | 'admin' | 'outsider', string>;
/** The records of each owner, keyed by the owner's name ('none': unassigned). */
const records: Record<string, { prospect: string; lead: string; quotation: string; task: string }> = {};
const key = (owner: Owner) => owner ?? 'none';
const tenant = () => fx.f.demoTenantId;

beforeAll(async () => {
  fx = await createStatusFixture();
  const { t, f } = fx;
  const teamIds: Record<'A' | 'B', string> = { A: '', B: '' };
  for (const name of ['A', 'B'] as const) {
    const [row] = await t.db
      .insert(teams)
      .values({ tenantId: tenant(), name: `Team ${name}` })
      .returning({ id: teams.id });
    teamIds[name] = row.id;
  }
  for (const [person, { team, visibility }] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    const email = `${person.toLowerCase()}@example.com`;
    const created = expectStatus<{ _id?: string; id?: string }>(
      await t.request({
        method: 'POST',
        url: '/api/v1/auth/users',
        token: f.admin,
        body: { email, password: 'matrix-password', tenant_id: tenant(), is_staff: true },
      }),
      201,
    );
    ids[person] = (created.id ?? created._id)!;
    await t.db.update(users).set({ visibility }).where(eq(users.id, ids[person]));
    await t.db.insert(teamMembers).values({ tenantId: tenant(), teamId: teamIds[team], userId: ids[person] });
    tokens[person] = await t.login(email, 'matrix-password');
  }
  tokens.admin = f.admin;
  tokens.outsider = f.outsider;

  let phone = 0;
  for (const owner of OWNERS) {
    phone += 1;
    const prospect = await fx.newProspect(`Matrix ${key(owner)} prospect`);
    const lead = leadSchema.parse(
      expectStatus(
        await t.request({
          method: 'POST',
          url: '/api/v1/crm/leads',
          token: f.admin,
          body: { tenant_id: tenant(), name: `Matrix ${key(owner)} lead`, phone1: `+1 555 040 ${1000 + phone}`, value: `${phone}00.00` },
        }),
        201,
      ),
    );
    const quotation = await createQuotation(t, f.admin, tenant(), { title: `Matrix ${key(owner)} quotation` });
    const ownerId = owner === null ? null : ids[owner];
    await t.db.update(prospects).set({ ownerId }).where(eq(prospects.id, prospect.id));
    await t.db.update(leads).set({ ownerId }).where(eq(leads.id, lead.id));
    await t.db.update(quotations).set({ ownerId }).where(eq(quotations.id, quotation.id));
    // A task of nobody on the lead: it is seen exactly as the lead.
    const task = taskSchema.parse(
      expectStatus(
        await t.request({
          method: 'POST',
          url: '/api/v1/crm/tasks',
          token: f.admin,
          body: { lead_id: lead.id, type: 'todo', title: `Matrix ${key(owner)} task`, due_date: '2999-01-01' },
        }),
        201,
      ),
    );
    // Its owner's account gone (the column is set null): the API gives every task an owner.
    await t.db.update(tasks).set({ ownerId: null }).where(eq(tasks.id, task.id));
    records[key(owner)] = { prospect: prospect.id, lead: lead.id, quotation: quotation.id, task: task.id };
  }
});
afterAll(() => fx.t.close());

const CALLERS = [...(Object.keys(PEOPLE) as Person[]), 'admin'] as const;
const visibleOwnersOf = (caller: Person | 'admin'): string[] =>
  OWNERS.filter((owner) => sees(caller, owner))
    .map(key)
    .sort();
const get = (url: string, token: string) => fx.t.request({ url, token });

/** The owners (by name) of the matrix records among these ids. */
function ownersAmong(ids: string[], kind: 'prospect' | 'lead' | 'quotation' | 'task'): string[] {
  return Object.entries(records)
    .filter(([, record]) => ids.includes(record[kind]))
    .map(([owner]) => owner)
    .sort();
}

describe.each(CALLERS)('%s', (caller) => {
  const token = () => tokens[caller];

  test('lists, searches and totals hold only the records they see', async () => {
    const prospectList = prospectListResponseSchema.parse(
      expectStatus(await get(`/api/v1/crm/prospects?tenant_id=${tenant()}&q=matrix&limit=100`, token()), 200),
    );
    expect(
      ownersAmong(
        prospectList.prospects.map((row) => row.id),
        'prospect',
      ),
    ).toEqual(visibleOwnersOf(caller));
    expect(prospectList.pagination.total).toBe(visibleOwnersOf(caller).length);
    const leadList = leadListResponseSchema.parse(expectStatus(await get(`/api/v1/crm/leads?tenant_id=${tenant()}&q=matrix&limit=100`, token()), 200));
    expect(
      ownersAmong(
        leadList.leads.map((row) => row.id),
        'lead',
      ),
    ).toEqual(visibleOwnersOf(caller));
    const quotationList = quotationListResponseSchema.parse(expectStatus(await get(`/api/v1/quotations?tenant_id=${tenant()}&limit=100`, token()), 200));
    expect(
      ownersAmong(
        quotationList.quotations.map((row) => row.id),
        'quotation',
      ),
    ).toEqual(visibleOwnersOf(caller));
    const taskList = taskListResponseSchema.parse(
      expectStatus(await get(`/api/v1/crm/tasks?tenant_id=${tenant()}&due_from=2999-01-01&limit=100`, token()), 200),
    );
    expect(
      ownersAmong(
        taskList.tasks.map((row) => row.id),
        'task',
      ),
    ).toEqual(visibleOwnersOf(caller));
    expect(taskList.pagination.total).toBe(visibleOwnersOf(caller).length);
  });

  test('the unfiltered list, the dashboard and the pipeline summary count what they see, as the rows add up', async () => {
    const { t } = fx;
    const owners =
      caller === 'admin'
        ? 'all'
        : userScope({ id: ids[caller], isAdmin: false, tenantId: null, visibility: PEOPLE[caller].visibility, teamMemberIds: teamOf(caller) }).owners;
    const visible = (column: typeof prospects.ownerId | typeof leads.ownerId) =>
      owners === 'all' ? sql`true` : sql`(${column} is null or ${inArray(column, owners)})`;
    const [activeProspects] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(prospects)
      .where(and(eq(prospects.tenantId, tenant()), eq(prospects.state, 'active'), visible(prospects.ownerId)));
    const visibleLeads = await t.db
      .select({ value: leads.value, kind: pipelineStages.kind })
      .from(leads)
      .leftJoin(pipelineStages, and(eq(pipelineStages.tenantId, leads.tenantId), eq(pipelineStages.id, leads.pipelineStageId)))
      .where(and(eq(leads.tenantId, tenant()), visible(leads.ownerId)));
    // The pipeline is the open deals (a stage of kind open, or none).
    const openLeads = visibleLeads.filter((lead) => lead.kind === null || lead.kind === 'open');

    const list = prospectListResponseSchema.parse(expectStatus(await get(`/api/v1/crm/prospects?tenant_id=${tenant()}`, token()), 200));
    expect(list.pagination.total).toBe(activeProspects.n);
    const dashboard = expectStatus<{ total_prospects: number }>(await get(`/api/v1/crm/dashboard?tenant_id=${tenant()}`, token()), 200);
    expect(dashboard.total_prospects).toBe(activeProspects.n);
    const summary = pipelineSummarySchema.parse(expectStatus(await get(`/api/v1/crm/pipeline/summary?tenant_id=${tenant()}`, token()), 200));
    expect(summary.pipeline.count).toBe(openLeads.length);
    expect(summary.pipeline.count + summary.won.count + summary.lost.count).toBe(visibleLeads.length);
    const cents = openLeads.reduce((sum, lead) => sum + Math.round(Number(lead.value ?? 0) * 100), 0);
    expect(summary.pipeline.value).toBe((cents / 100).toFixed(2));
  });

  test('the unfiltered list pages through exactly their records, newest first', async () => {
    const { t } = fx;
    const owners =
      caller === 'admin'
        ? 'all'
        : userScope({ id: ids[caller], isAdmin: false, tenantId: null, visibility: PEOPLE[caller].visibility, teamMemberIds: teamOf(caller) }).owners;
    const expected = await t.db
      .select({ id: prospects.id })
      .from(prospects)
      .where(
        and(
          eq(prospects.tenantId, tenant()),
          eq(prospects.state, 'active'),
          owners === 'all' ? undefined : sql`(${prospects.ownerId} is null or ${inArray(prospects.ownerId, owners)})`,
        ),
      )
      .orderBy(sql`${prospects.createdAt} desc, ${prospects.id} desc`);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page += 1) {
      const list = prospectListResponseSchema.parse(expectStatus(await get(`/api/v1/crm/prospects?tenant_id=${tenant()}&limit=2&page=${page}`, token()), 200));
      seen.push(...list.prospects.map((row) => row.id));
    }
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  test.each(OWNERS.map(key))("another owner's records (%s): details, history, PDF and writes answer as the rule says", async (owner) => {
    const record = records[owner];
    const expected = sees(caller, owner === 'none' ? null : (owner as Person)) ? 200 : 404;
    const { t } = fx;
    expect((await get(`/api/v1/crm/prospects/${record.prospect}`, token())).statusCode).toBe(expected);
    const history = await get(`/api/v1/crm/prospects/${record.prospect}/activities`, token());
    expect(history.statusCode).toBe(expected);
    if (expected === 200) activityListResponseSchema.parse(history.json());
    expect((await get(`/api/v1/crm/leads/${record.lead}`, token())).statusCode).toBe(expected);
    expect((await get(`/api/v1/crm/leads/${record.lead}/activities`, token())).statusCode).toBe(expected);
    expect((await get(`/api/v1/quotations/${record.quotation}`, token())).statusCode).toBe(expected);
    expect((await get(`/api/v1/quotations/${record.quotation}/pdf`, token())).statusCode).toBe(expected);
    expect((await get(`/api/v1/quotations/${record.quotation}/history`, token())).statusCode).toBe(expected);
    const edit = await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${record.prospect}`, token: token(), body: { city: `Seen by ${caller}` } });
    expect(edit.statusCode).toBe(expected);
    const stage = await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads/change-pipeline-stage',
      token: token(),
      body: { lead_id: record.lead, pipeline_stage_id: fx.stages['Contacted'].id },
    });
    expect(stage.statusCode).toBe(expected);
    const status = await fx.changeStatus({ prospect_id: record.prospect, status_id: fx.statuses['New'].id }, token());
    expect(status.statusCode).toBe(expected);
    const task = await t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${record.task}`, token: token(), body: { title: `Matrix ${owner} task` } });
    expect(task.statusCode).toBe(expected);
    if (expected === 404) {
      expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/tasks/${record.task}`, token: token() })).statusCode).toBe(404);
      for (const url of [`/api/v1/crm/prospects/${record.prospect}`, `/api/v1/crm/leads/${record.lead}`, `/api/v1/quotations/${record.quotation}`]) {
        expect((await t.request({ method: 'DELETE', url, token: token() })).statusCode).toBe(404);
      }
    }
  });

  test('the call queue hands out only prospects they see', async () => {
    const { t } = fx;
    const handed: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/crm/call-queue/next',
        token: token(),
        body: { tenant_id: tenant(), filter: { q: 'matrix', exclude_ids: handed } },
      });
      if (response.statusCode === 204) break;
      const card = expectStatus<{ prospect: { id: string } }>(response, 200);
      handed.push(card.prospect.id);
      expectStatus(await t.request({ method: 'POST', url: `/api/v1/crm/call-queue/${card.prospect.id}/skip`, token: token() }), 200);
    }
    expect(ownersAmong(handed, 'prospect')).toEqual(visibleOwnersOf(caller));
  });
});

function teamOf(person: Person): string[] {
  return (Object.keys(PEOPLE) as Person[]).filter((other) => PEOPLE[other].team === PEOPLE[person].team).map((other) => ids[other]);
}

test('a user of another tenant sees none of it', async () => {
  for (const record of Object.values(records)) {
    expect((await get(`/api/v1/crm/prospects/${record.prospect}`, tokens.outsider)).statusCode).toBe(404);
    expect((await get(`/api/v1/crm/leads/${record.lead}`, tokens.outsider)).statusCode).toBe(404);
    expect((await get(`/api/v1/quotations/${record.quotation}`, tokens.outsider)).statusCode).toBe(404);
    expect((await fx.t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${record.task}`, token: tokens.outsider, body: { done: true } })).statusCode).toBe(404);
  }
  expect((await get(`/api/v1/crm/prospects?tenant_id=${tenant()}`, tokens.outsider)).statusCode).toBe(403);
});

test('the database wall alone holds the rule: the same query without any filter of the service', async () => {
  const db = (context: DbContext) => fx.t.database.handle.contextDb(context);
  for (const caller of Object.keys(PEOPLE) as Person[]) {
    const context = userContext({
      id: ids[caller],
      isAdmin: false,
      tenantId: tenant(),
      ownerIds: userScope({ id: ids[caller], isAdmin: false, tenantId: null, visibility: PEOPLE[caller].visibility, teamMemberIds: teamOf(caller) }).owners,
    });
    // A test-only query: no owner condition at all, so only the policies can narrow it.
    const names = {
      prospects: (await db(context).select({ id: prospects.id }).from(prospects).where(eq(prospects.tenantId, tenant()))).map((row) => row.id),
      leads: (await db(context).select({ id: leads.id }).from(leads).where(eq(leads.tenantId, tenant()))).map((row) => row.id),
      quotations: (await db(context).select({ id: quotations.id }).from(quotations).where(eq(quotations.tenantId, tenant()))).map((row) => row.id),
      tasks: (await db(context).select({ id: tasks.id }).from(tasks).where(eq(tasks.tenantId, tenant()))).map((row) => row.id),
    };
    expect({ caller, prospects: ownersAmong(names.prospects, 'prospect') }).toEqual({ caller, prospects: visibleOwnersOf(caller) });
    expect({ caller, leads: ownersAmong(names.leads, 'lead') }).toEqual({ caller, leads: visibleOwnersOf(caller) });
    expect({ caller, quotations: ownersAmong(names.quotations, 'quotation') }).toEqual({ caller, quotations: visibleOwnersOf(caller) });
    expect({ caller, tasks: ownersAmong(names.tasks, 'task') }).toEqual({ caller, tasks: visibleOwnersOf(caller) });
    // Nor can it change or delete a record it cannot see.
    const hidden = Object.entries(records).find(([owner]) => !visibleOwnersOf(caller).includes(owner));
    if (hidden) {
      const changed = await db(context)
        .update(prospects)
        .set({ city: 'Changed behind the wall' })
        .where(eq(prospects.id, hidden[1].prospect))
        .returning({ id: prospects.id });
      expect(changed).toEqual([]);
      const deleted = await db(context).delete(quotations).where(eq(quotations.id, hidden[1].quotation)).returning({ id: quotations.id });
      expect(deleted).toEqual([]);
    }
  }
});
