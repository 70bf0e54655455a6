export function TeamsPage() {
  return null;
}
