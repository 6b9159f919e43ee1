// Browsers that reported each version failing over the last 24 hours (one per reporter, as the Releases page counts them), read from the server's database.

/** @returns {Promise<Record<string, number> | null>} counts by version, or null when the database cannot be read */
export async function failureCounts(db, remote) {
  try {
    const rows = await db.query(
      "select version, count(distinct coalesce(reporter, id::text))::int as count from release_failures where remote = $1 and created_at >= now() - interval '24 hours' group by version",
      [remote],
    );
    return Object.fromEntries(rows.map((row) => [row.version, row.count]));
  } catch (error) {
    console.warn(`Failure counts could not be read (${error.message}).`);
    return null;
  }
}
