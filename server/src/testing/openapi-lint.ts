import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

export interface LintResult {
  errors: NormalizedProblem[];
  warnings: NormalizedProblem[];
}

/** Redocly's `recommended` rules, the ones `redocly lint` applies, run on a document in memory. */
export async function lintOpenApi(document: unknown): Promise<LintResult> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return { errors: problems.filter((p) => p.severity === 'error'), warnings: problems.filter((p) => p.severity === 'warn') };
}

/** One line per problem: rule, where, what, so a failing test names the operation to fix. */
export function describeProblems(problems: NormalizedProblem[]): string[] {
  return problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
}
