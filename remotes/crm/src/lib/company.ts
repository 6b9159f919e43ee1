/** Industry may arrive as a JSON-encoded list; people read it comma-joined. */
export function displayIndustry(industry: string | null | undefined): string | null {
  if (!industry) return null;
  const trimmed = industry.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean).join(', ') || null;
    } catch {
      /* plain text that happens to start with a bracket */
    }
  }
  return trimmed || null;
}
