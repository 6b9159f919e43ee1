// Failure counts per version come from the server's database; filled in with the failure reports.
export async function failureCounts() {
  return {};
}
