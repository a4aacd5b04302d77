/** Joins class names, skipping falsy entries. Callers must not pass conflicting Tailwind utilities. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
