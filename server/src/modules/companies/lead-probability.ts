/*
 * A lead's probability, written once for every statement that shows or sums it (the lists, one
 * lead, the board's and the reports' weighted values): the probability a user set for the lead,
 * else its stage's default, so it follows the stage as the deal moves; a won stage means 100 and a
 * lost one 0 whatever was set (sales-figures.md). A lead without a stage and a probability of its own: 0.
 *
 * `lead` and `stage` are how the statement names the lead's row and its (left-joined) stage's row:
 * an alias (`t`, `g`) or a quoted table name (`"leads"`, `"pipeline_stages"`).
 */

function probability(own: string, stage: string): string {
  return `(case ${stage}.kind when 'won' then 100 when 'lost' then 0 else coalesce(${own}, ${stage}.probability, 0) end)`;
}

/** The probability every figure uses for the lead. */
export function leadProbability(lead: string, stage: string): string {
  return probability(`${lead}.probability`, stage);
}

/** What the stage gives a lead that has no probability of its own (Edit Value's placeholder). */
export function stageProbability(stage: string): string {
  return probability('null::integer', stage);
}
