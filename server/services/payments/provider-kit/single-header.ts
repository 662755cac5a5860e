/**
 * A webhook header sent once, by its name in any case, trimmed; undefined when missing, empty or repeated
 * (a repeated signature header is ambiguous, and every provider sends each once).
 */
export function singleHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
